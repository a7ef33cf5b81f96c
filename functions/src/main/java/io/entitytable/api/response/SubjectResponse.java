package io.entitytable.api.response;

import io.entitytable.model.Entity;
import java.time.Instant;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A subject as the API returns it. Every subject names its {@code entity}, so a mixed list (a business with everything
 * under it, the subjects carrying a tag) says what each item is.
 */
// Each entity's schema and its name under the discriminator are added from its declaration (DeclaredContract).
@Schema(
        description = "A business, customer, store or order; its entity field says which",
        discriminatorProperty = "entity")
public sealed interface SubjectResponse permits DeclaredResponse {
    /** The entity's name: {@code business}, {@code customer}, {@code store} or {@code order}. */
    String entity();

    String id();

    /** The version the ETag carries. */
    long version();

    Set<String> tags();

    Instant createdAt();

    Instant updatedAt();

    /** The URL collection of the subject, e.g. {@code stores}. */
    default String collection() {
        return Entity.fromKeyName(entity()).orElseThrow().collection();
    }
}
