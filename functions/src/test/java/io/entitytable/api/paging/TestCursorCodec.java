package io.entitytable.api.paging;

import com.fasterxml.jackson.databind.ObjectMapper;

/** A cursor codec wired by hand, as the container wires it, over the keys a test names. */
final class TestCursorCodec {
    private TestCursorCodec() {}

    static CursorCodec over(CursorKeys keys) {
        CursorCodec codec = new CursorCodec();
        codec.json = new ObjectMapper();
        codec.keys = keys;
        return codec;
    }
}
