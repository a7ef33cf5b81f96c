package io.entitytable.infra;

import java.util.List;
import software.amazon.awscdk.services.iam.IPrincipal;
import software.amazon.awscdk.services.iam.PolicyStatement;

/**
 * A permission the stack adds to a function's role beyond the table's ({@link TableAccess}): one action on one
 * resource, under a Sid that says what for. Written out rather than a construct's {@code grantX} method, which adds
 * actions the function does not need.
 */
final class Permissions {
    private Permissions() {}

    static void allow(IPrincipal principal, String sid, String action, String resource) {
        principal.addToPrincipalPolicy(PolicyStatement.Builder.create()
                .sid(sid)
                .actions(List.of(action))
                .resources(List.of(resource))
                .build());
    }
}
