package io.entitytable.api.order;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.input.Patterns;
import io.entitytable.api.input.TimeRange;
import io.entitytable.api.web.PageParams;
import jakarta.ws.rs.QueryParam;
import java.util.Optional;

/** The optional filters of a business's order list (pattern 4), as they come in the query string. */
public record OrderFilters(
        @QueryParam("from") String from,
        @QueryParam("to") String to,
        @QueryParam("status") String status,
        @QueryParam("city") String city,
        @QueryParam("paymentCard") String paymentCard,
        @QueryParam("minTotalCents") String minTotalCents,
        @QueryParam("sku") String sku) {

    /**
     * The list these parameters ask for, each checked in turn (the business's id, the page, the range, the status, the
     * filters): the first that cannot be one is a 400 (422 for the id), and nothing is read.
     */
    public OrderQuery parse(String businessId, PageParams page) {
        Inputs.id("id", businessId);
        var request = page.parse();
        TimeRange range = TimeRange.parse(from, to);
        Optional<String> checkedStatus =
                Optional.ofNullable(status).map(value -> OrderStatus.parseParameter("status", value));
        Optional<String> checkedCity = Optional.ofNullable(city).map(value -> {
            checkText("city", value);
            return value.trim();
        });
        Optional<String> card = Optional.ofNullable(paymentCard).map(value -> {
            if (!Patterns.CARD_SHAPE.matcher(value).matches()) {
                throw ApiProblem.badParameter("paymentCard", "must match " + Patterns.CARD);
            }
            return value;
        });
        Optional<Long> minTotal = Optional.ofNullable(minTotalCents).map(OrderFilters::parseCents);
        Optional<String> checkedSku = Optional.ofNullable(sku).map(this::checkSku);
        return new OrderQuery(businessId, range, checkedStatus, checkedCity, card, minTotal, checkedSku, request);
    }

    /**
     * A SKU is read from its own copies (pattern 15), which no other filter narrows: it stands alone, or the request is
     * a 400.
     */
    private String checkSku(String value) {
        if (!value.matches(Patterns.SKU)) {
            throw ApiProblem.badParameter("sku", "must match " + Patterns.SKU);
        }
        if (from != null
                || to != null
                || status != null
                || city != null
                || paymentCard != null
                || minTotalCents != null) {
            throw ApiProblem.badParameter(
                    "sku", "cannot be combined with from, to, status, city, paymentCard or minTotalCents");
        }
        return value;
    }

    private static void checkText(String field, String value) {
        if (value.length() > 100 || !Patterns.KEY_PART_SHAPE.matcher(value).matches()) {
            throw ApiProblem.badParameter(field, "must be at most 100 characters and " + Patterns.KEY_PART_MESSAGE);
        }
    }

    private static long parseCents(String value) {
        try {
            long cents = Long.parseLong(value.trim());
            if (cents >= 0) {
                return cents;
            }
        } catch (NumberFormatException e) {
            // fall through to the 400
        }
        throw ApiProblem.badParameter("minTotalCents", "must be a whole number of cents, 0 or more");
    }
}
