package io.entitytable.api.store;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.Patterns;
import jakarta.ws.rs.QueryParam;

/** Where to look for a business's stores (pattern 5), each level optional and narrower than the one before. */
public record StoreLocation(
        @QueryParam("country") String country,
        @QueryParam("state") String state,
        @QueryParam("city") String city,
        @QueryParam("zip") String zip) {

    /**
     * This location, checked: each level is a key part of at most 100 characters, and a level needs every level above
     * it (a 400 otherwise).
     */
    public StoreLocation checked() {
        for (String[] level : new String[][] {{"country", country}, {"state", state}, {"city", city}, {"zip", zip}}) {
            if (level[1] != null
                    && (level[1].length() > 100
                            || !Patterns.KEY_PART_SHAPE.matcher(level[1]).matches())) {
                throw ApiProblem.badParameter(
                        level[0], "must be at most 100 characters and " + Patterns.KEY_PART_MESSAGE);
            }
        }
        if (!hasCountry()) {
            if (notBlank(state) || notBlank(city) || notBlank(zip)) {
                throw ApiProblem.badParameter("country", "is required to search by state, city or zip");
            }
        } else if ((notBlank(city) && !notBlank(state)) || (notBlank(zip) && !notBlank(city))) {
            throw ApiProblem.badParameter(
                    "state", "a location level needs every level above it (country, state, city, zip)");
        }
        return this;
    }

    /** Without a country the list is every store of the business. */
    boolean hasCountry() {
        return notBlank(country);
    }

    private static boolean notBlank(String value) {
        return value != null && !value.isBlank();
    }
}
