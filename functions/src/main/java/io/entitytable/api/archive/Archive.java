package io.entitytable.api.archive;

import io.entitytable.api.config.ApiConfig;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.archive.ArchivedOrder;
import io.entitytable.archive.OrderArchive;
import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.model.Entity;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The archive of finished subjects as the API reads it (docs/design.md, "Lifecycle"): the order archive when the
 * deployment names a bucket, absent otherwise, and then every read and write stays in the table exactly as without
 * one. Its S3 client is built once per instance, as {@link OrderArchive#fromEnvironment} builds the archive job's.
 */
@Singleton
public class Archive {
    /** The region variable the Lambda runtime sets; the archive's client is in the function's region. */
    private static final String AWS_REGION = "AWS_REGION";

    private final Optional<OrderArchive> orders;

    @Inject
    public Archive(ApiConfig config) {
        this(OrderArchive.fromEnvironment(environment(config, System.getenv(AWS_REGION))));
    }

    public Archive(Optional<OrderArchive> orders) {
        this.orders = orders;
    }

    /** The variables {@link OrderArchive#fromEnvironment} reads, from the function's configuration. */
    static Map<String, String> environment(ApiConfig config, String region) {
        Map<String, String> environment = new HashMap<>();
        config.archiveBucket()
                .filter(bucket -> !bucket.isBlank())
                .ifPresent(bucket -> environment.put(EnvironmentVariable.ARCHIVE_BUCKET.variable(), bucket));
        config.archiveEndpoint()
                .filter(endpoint -> !endpoint.isBlank())
                .ifPresent(endpoint -> environment.put(EnvironmentVariable.ARCHIVE_ENDPOINT.variable(), endpoint));
        if (region != null && !region.isBlank()) {
            environment.put(AWS_REGION, region);
        }
        return environment;
    }

    /**
     * The archive of the entity's finished subjects: the order archive, for an entity whose finished subjects leave the
     * table ({@link Entity#lifecycle()}); empty without an archive or for any other entity.
     */
    public Optional<OrderArchive> of(Entity entity) {
        return entity.lifecycle().isEmpty() ? Optional.empty() : orders;
    }

    /** The archived subject of that id ({@link #of}): one GET of the archive; none without one, at no cost. */
    public Optional<ArchivedOrder> find(Entity entity, String id) {
        return of(entity).flatMap(archive -> archive.find(id));
    }

    /** 409: the subject moved to the archive, where it no longer changes; a retry would meet the same answer. */
    public static ApiProblem archived(Entity entity, String id) {
        return new ApiProblem(409, "Archived", entity.keyName() + " " + id + " is archived: it no longer changes");
    }
}
