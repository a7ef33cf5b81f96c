package io.entitytable.api.order;

import jakarta.ws.rs.QueryParam;

/** The status and the optional time range of the cross-business order list (pattern 9), as in the query string. */
public record StatusRange(
        @QueryParam("status") String status, @QueryParam("from") String from, @QueryParam("to") String to) {}
