package io.entitytable.api.routes;

/**
 * One operation of the API: its method, its path template ({@code /customers/{id}}) and the operationId the contract,
 * the metrics and the request log name it by.
 */
public record ApiRoute(String method, String path, String operationId) {
    /**
     * How many literal segments of the template a request of {@code requestMethod} on {@code segments} (a path as
     * requested, split at {@code /}) matches; -1 when it does not match the route.
     */
    int literalMatches(String requestMethod, String[] segments) {
        if (!method.equalsIgnoreCase(requestMethod)) {
            return -1;
        }
        String[] template = ApiRoutes.segments(path);
        if (template.length != segments.length) {
            return -1;
        }
        int literals = 0;
        for (int i = 0; i < template.length; i++) {
            if (template[i].startsWith("{") && template[i].endsWith("}")) {
                if (segments[i].isEmpty()) {
                    return -1;
                }
            } else if (template[i].equals(segments[i])) {
                literals++;
            } else {
                return -1;
            }
        }
        return literals;
    }

    @Override
    public String toString() {
        return method + " " + path;
    }
}
