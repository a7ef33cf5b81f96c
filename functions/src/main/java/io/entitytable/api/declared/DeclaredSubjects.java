package io.entitytable.api.declared;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.write.SubjectDependencies;
import io.entitytable.model.Entity;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The services of the entities declared by their fields, found by the collection a URL names. A collection that no
 * declared entity has is a 404, as a path the API does not serve.
 */
@Singleton
public class DeclaredSubjects {
    @Inject
    SubjectDependencies dependencies;

    private final Map<Entity, DeclaredService> services = new ConcurrentHashMap<>();

    /**
     * The entity whose URL collection is {@code collection}; 404 unless it is declared by its fields and a business's
     * child (the tenant's routes are its own).
     */
    Entity entity(String collection) {
        return Entity.fromCollection(collection)
                .filter(entity -> !entity.isTenant())
                .orElseThrow(() -> ApiProblem.notFound("collection", "/" + collection));
    }

    public DeclaredService service(String collection) {
        return service(entity(collection));
    }

    /** The service of an entity declared by its fields, the tenant included. */
    public DeclaredService service(Entity entity) {
        return services.computeIfAbsent(entity, declared -> new DeclaredService(declared, dependencies));
    }

    /**
     * The service of the collection's entity when others link it ({@link Entity#linkedBy}); otherwise a 404 for {@code
     * route}, a path the API does not serve.
     */
    DeclaredService linkTarget(String collection, String route) {
        DeclaredService service = service(collection);
        if (service.entity().linkedBy().isEmpty()) {
            throw ApiProblem.notFound("collection", "/" + collection + "/{id}/" + route);
        }
        return service;
    }

    /**
     * The service of the collection's entity when it links the collection {@code targets} ({@link Entity#link});
     * otherwise a 404 for that route, a path the API does not serve.
     */
    DeclaredService linkOwner(String collection, String targets) {
        DeclaredService service = service(collection);
        if (!service.entity()
                .link()
                .map(link -> link.target().collection().equals(targets))
                .orElse(false)) {
            throw ApiProblem.notFound("collection", "/" + collection + "/{id}/" + targets);
        }
        return service;
    }

    /**
     * The service of the entity whose collection is {@code children} when it is a child of {@code collection}'s ({@link
     * Entity#parent}: a customer's visits); empty when no such entity is.
     */
    Optional<DeclaredService> children(String collection, String children) {
        Entity parent = entity(collection);
        return Entity.fromCollection(children)
                .filter(child -> child.parent().orElse(null) == parent)
                .map(this::service);
    }
}
