package io.entitytable.api.input;

import java.util.Set;
import java.util.TreeSet;

/** Initial tags of a new subject, normalised like the tag sub-resources do. */
public final class TagInputs {
    private TagInputs() {}

    public static Set<String> normalise(Set<String> tags) {
        Set<String> normalised = new TreeSet<>();
        if (tags != null) {
            tags.forEach(tag -> normalised.add(Inputs.tag(tag)));
        }
        return normalised;
    }
}
