package io.entitytable.local.auth;

import io.entitytable.deployment.AuthGroups;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.Arrays;

/**
 * Lets only operators' tokens past, after the token check: for what the local front door serves beyond the API (the
 * metrics, the console's reads), which describes every business. A member's valid token gets 403, as the API answers a
 * member who asks for what only operators may do.
 */
public final class OperatorOnly implements Handler<RoutingContext> {
    private static final int FORBIDDEN = 403;

    private final String detail;

    /** @param detail the 403's detail, naming what is for operators */
    public OperatorOnly(String detail) {
        this.detail = detail;
    }

    @Override
    public void handle(RoutingContext ctx) {
        if (isOperator(ctx)) {
            ctx.next();
        } else {
            Problems.send(ctx, FORBIDDEN, "Forbidden", detail);
        }
    }

    /** API Gateway flattens the groups claim to {@code [operators business-01J...]}: an exact member of that list. */
    static boolean isOperator(RoutingContext ctx) {
        JwtAuthorizer.Claims claims = JwtAuthorizer.claims(ctx);
        String groups = claims == null ? null : claims.claims().get(AuthGroups.DEFAULT_CLAIM);
        if (groups == null || !groups.startsWith("[") || !groups.endsWith("]")) {
            return false;
        }
        return Arrays.asList(groups.substring(1, groups.length() - 1).split(" "))
                .contains(AuthGroups.OPERATORS);
    }
}
