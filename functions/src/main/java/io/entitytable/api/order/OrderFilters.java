package io.entitytable.api.order;

import jakarta.ws.rs.QueryParam;

/** The optional filters of a business's order list (pattern 4), as they come in the query string. */
public record OrderFilters(
        @QueryParam("from") String from,
        @QueryParam("to") String to,
        @QueryParam("status") String status,
        @QueryParam("city") String city,
        @QueryParam("paymentCard") String paymentCard,
        @QueryParam("minTotalCents") String minTotalCents) {}
