package io.entitytable.api.web;

import io.entitytable.api.input.Inputs;
import io.entitytable.api.paging.PageRequest;
import jakarta.ws.rs.QueryParam;
import java.util.List;

/**
 * The query parameters of every list: {@code limit} (how many items, see {@code Inputs.limit}) and {@code next} (the
 * opaque cursor a previous page returned). Both arrive as text so that a malformed value is a clear 400.
 */
public record PageParams(@QueryParam("limit") String limit, @QueryParam("next") String next) {
    /** The query parameters of a page, which every list takes beside its own. */
    public static final List<String> NAMES = List.of("limit", "next");

    /** The page asked for; a malformed {@code limit} is a 400. */
    public PageRequest parse() {
        return new PageRequest(Inputs.limit(limit), next);
    }
}
