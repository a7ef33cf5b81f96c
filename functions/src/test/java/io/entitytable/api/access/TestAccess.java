package io.entitytable.api.access;

/** Accesses for code a test runs outside an HTTP request. */
public final class TestAccess {
    private TestAccess() {}

    /** An access whose caller is always {@code caller}. */
    public static Access of(Caller caller) {
        return new Access() {
            @Override
            public Caller caller() {
                return caller;
            }
        };
    }
}
