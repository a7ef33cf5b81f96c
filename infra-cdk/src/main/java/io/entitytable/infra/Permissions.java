package io.entitytable.infra;

import java.util.List;
import software.amazon.awscdk.services.iam.IPrincipal;
import software.amazon.awscdk.services.iam.PolicyStatement;

/**
 * A permission the stack adds to a function's role: actions (most often one) on one resource, without conditions,
 * under a Sid that says what for; the table's conditioned writes are {@link TableAccess}'s own. Written out rather than
 * a construct's {@code grantX} method, which adds actions the function does not need.
 */
final class Permissions {
    private Permissions() {}

    static void allow(IPrincipal principal, String sid, String action, String resource) {
        allow(principal, sid, List.of(action), resource);
    }

    /** {@code actions} on {@code resource} alone, without conditions, under {@code sid}. */
    static void allow(IPrincipal principal, String sid, List<String> actions, String resource) {
        principal.addToPrincipalPolicy(PolicyStatement.Builder.create()
                .sid(sid)
                .actions(actions)
                .resources(List.of(resource))
                .build());
    }
}
