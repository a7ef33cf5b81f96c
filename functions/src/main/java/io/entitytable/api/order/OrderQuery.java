package io.entitytable.api.order;

import io.entitytable.api.input.TimeRange;
import io.entitytable.api.paging.PageRequest;
import java.util.Optional;

/**
 * A business's orders to list (patterns 4 and 9), checked: the range of creation times (both ends included),
 * optionally one status, and the filters that are no key condition (the ship-to city, the payment card, the least
 * total); or, alone, one SKU (pattern 15).
 */
public record OrderQuery(
        String businessId,
        TimeRange range,
        Optional<String> status,
        Optional<String> city,
        Optional<String> paymentCard,
        Optional<Long> minTotalCents,
        Optional<String> sku,
        PageRequest page) {}
