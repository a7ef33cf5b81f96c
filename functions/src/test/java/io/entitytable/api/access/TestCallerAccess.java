package io.entitytable.api.access;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;

/**
 * The access of a test request. Quarkus's test event server makes events without an authorizer, so a test names its
 * caller in the {@value #HEADER} header instead: {@code operator}, {@code nobody}, or {@code business:<id>[,<id>]}.
 * Without the header, and outside a request (a test calling a service itself), the caller is an operator, as every
 * test of a route's own behaviour needs. An event that does
 * carry authorizer claims (the sample events replayed through the handler) is read exactly as deployed.
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class TestCallerAccess extends RequestAccess {
    public static final String HEADER = "x-test-caller";
    public static final Caller OPERATOR = new Caller("test-operator", true, Set.of());

    /** The header value that names a member of the given businesses. */
    public static String member(String... businessIds) {
        return "business:" + String.join(",", businessIds);
    }

    @Override
    public Caller caller() {
        APIGatewayV2HTTPEvent event = event();
        if (event == null) {
            return OPERATOR;
        }
        if (event.getRequestContext() != null && event.getRequestContext().getAuthorizer() != null) {
            return super.caller();
        }
        Map<String, String> headers = event.getHeaders() == null ? Map.of() : event.getHeaders();
        String named = headers.entrySet().stream()
                .filter(header -> header.getKey().equalsIgnoreCase(HEADER))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElse("operator");
        if (named.equals("operator")) {
            return OPERATOR;
        }
        if (named.startsWith("business:")) {
            return new Caller(
                    named,
                    false,
                    Set.copyOf(
                            Arrays.asList(named.substring("business:".length()).split(","))));
        }
        return Caller.NOBODY;
    }
}
