package io.entitytable.api.declared;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.write.SubjectDependencies;
import io.entitytable.model.Entity;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The services of the entities declared by their fields, found by the collection a URL names. A collection that no
 * declared entity has is a 404, as a path the API does not serve.
 */
@Singleton
public class DeclaredSubjects {
    private final SubjectDependencies dependencies;
    private final Map<Entity, DeclaredService> services = new ConcurrentHashMap<>();

    DeclaredSubjects(SubjectDependencies dependencies) {
        this.dependencies = dependencies;
    }

    /** The entity whose URL collection is {@code collection}; 404 unless it is declared by its fields. */
    Entity entity(String collection) {
        return Entity.fromCollection(collection)
                .filter(Entity::isDeclared)
                .orElseThrow(() -> ApiProblem.notFound("collection", "/" + collection));
    }

    DeclaredService service(String collection) {
        return services.computeIfAbsent(entity(collection), entity -> new DeclaredService(entity, dependencies));
    }
}
