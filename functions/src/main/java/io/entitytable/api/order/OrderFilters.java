package io.entitytable.api.order;

/** The optional filters of a business's order list (pattern 4), as they come in the query string. */
public record OrderFilters(
        String from, String to, String status, String city, String paymentCard, String minTotalCents) {}
