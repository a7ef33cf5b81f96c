package io.entitytable.api.copies;

import jakarta.ws.rs.QueryParam;

/** Several tags to match (pattern 13): exactly one of {@code any} and {@code all}, and an optional entity type. */
public record TagQuery(@QueryParam("any") String any, @QueryParam("all") String all, @QueryParam("type") String type) {}
