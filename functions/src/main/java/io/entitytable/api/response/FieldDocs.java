package io.entitytable.api.response;

/** Descriptions that several response schemas share, written once. */
final class FieldDocs {
    static final String VERSION = "Grows by one with every change; the ETag carries it";
    static final String BUSINESS_ID = "The owning business; absent when the subject is read from a copy (a customer's"
            + " stores, a store's customers, a tag), because copies never carry index attributes";

    static final String STOPPED = "Not done and without progress for 15 minutes: the job needs an operator"
            + " (table-verify repair restarts it)";

    private FieldDocs() {}
}
