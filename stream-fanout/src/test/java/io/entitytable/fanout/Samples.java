package io.entitytable.fanout;

import io.entitytable.model.Entity;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;

/** The fixed ids used in {@code events/stream/}, and the keys built from them through {@link Keys}. */
final class Samples {
    static final String BUSINESS = "01JD3B8Q5Z0000000000000001";
    static final String CUSTOMER_ANN = "01JD3B8Q5Z00000000000000C1";
    static final String CUSTOMER_BOB = "01JD3B8Q5Z00000000000000C2";
    static final String STORE_MAIN = "01JD3B8Q5Z00000000000000S1";
    static final String STORE_HARBOR = "01JD3B8Q5Z00000000000000S2";
    static final String ORDER = "01JD3B8Q5Z00000000000000D1";

    static final String CUSTOMER_CREATED = "customer-created-with-stores-and-tags.json";
    static final String STORE_RENAMED = "store-renamed.json";
    static final String CUSTOMER_UNLINKED = "customer-unlinked-from-store.json";
    static final String ORDER_TAGGED = "order-tagged-and-untagged.json";
    static final String CUSTOMER_DELETED = "customer-deleted.json";
    static final String DUPLICATES_ONLY = "duplicate-and-line-records.json";
    static final String POISON = "batch-with-poison-record.json";

    private Samples() {}

    static String customer(String id) {
        return Keys.subjectRef(Entity.CUSTOMER, id);
    }

    static String store(String id) {
        return Keys.subjectRef(Entity.STORE, id);
    }

    static String order(String id) {
        return Keys.subjectRef(Entity.ORDER, id);
    }

    static ItemKey edge(String partition, String copied) {
        return new ItemKey(partition, copied);
    }

    /** A tag copy of a subject of the sample business. */
    static ItemKey tag(String tag, String subject) {
        return new ItemKey(Keys.tagPartition(BUSINESS, tag), subject);
    }
}
