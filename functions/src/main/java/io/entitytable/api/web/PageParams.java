package io.entitytable.api.web;

import jakarta.ws.rs.QueryParam;

/**
 * The query parameters of every list: {@code limit} (how many items, see {@code Inputs.limit}) and {@code next} (the
 * opaque cursor a previous page returned). Both arrive as text so that a malformed value is a clear 400.
 */
public record PageParams(@QueryParam("limit") String limit, @QueryParam("next") String next) {}
