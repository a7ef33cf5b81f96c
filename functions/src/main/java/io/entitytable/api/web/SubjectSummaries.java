package io.entitytable.api.web;

import io.entitytable.model.Entity;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.PathItem;

/**
 * Names the subject in the OpenAPI summaries of the routes that every collection shares ({@link SubjectResource},
 * {@code TagResource}): written once as "... the subject ...", each collection's copy in the document says which
 * subject it is, e.g. "Change a store".
 */
public class SubjectSummaries implements OASFilter {
    static final String PLACEHOLDER = "the subject";

    @Override
    public void filterOpenAPI(OpenAPI openApi) {
        for (Entity entity : Entity.values()) {
            String subject = (entity == Entity.ORDER ? "an " : "a ") + entity.keyName();
            name(openApi, "/" + entity.collection() + "/{id}", subject);
            name(openApi, "/" + entity.collection() + "/{id}/tags/{tag}", subject);
        }
    }

    private static void name(OpenAPI openApi, String path, String subject) {
        PathItem item = openApi.getPaths().getPathItem(path);
        if (item != null) {
            item.getOperations().values().forEach(operation -> {
                if (operation.getSummary() != null) {
                    operation.setSummary(operation.getSummary().replace(PLACEHOLDER, subject));
                }
            });
        }
    }
}
