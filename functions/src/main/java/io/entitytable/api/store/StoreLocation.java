package io.entitytable.api.store;

import jakarta.ws.rs.QueryParam;

/** Where to look for a business's stores (pattern 5), each level optional and narrower than the one before. */
public record StoreLocation(
        @QueryParam("country") String country,
        @QueryParam("state") String state,
        @QueryParam("city") String city,
        @QueryParam("zip") String zip) {}
