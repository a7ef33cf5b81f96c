package io.entitytable.api.contract;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.junit.jupiter.api.Test;

/** The filter refuses a document whose operations and {@link ApiOperation} disagree. */
class ContractFilterTest {
    @Test
    void filter_shouldFail_whenAnOperationHasNoEntry() {
        // GIVEN
        OpenAPI document = document("/nowhere");

        // WHEN / THEN
        assertThatThrownBy(() -> new ContractFilter().filterOpenAPI(document))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("GET /nowhere has no ApiOperation entry");
    }

    @Test
    void filter_shouldFail_whenAnEntryHasNoOperation() {
        // GIVEN: only getBusiness, so every other entry, written or made for each entity, has no operation
        OpenAPI document = document("/businesses/{id}");

        // WHEN / THEN
        assertThatThrownBy(() -> new ContractFilter().filterOpenAPI(document))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("entries without an operation")
                .hasMessageContaining("POST /businesses,")
                .hasMessageContaining("PUT /businesses/{id}/tags/{tag}");
    }

    /**
     * A document with one GET operation at {@code path}, answering 200 with a body, and the union of subjects that the
     * declared entities' schemas join (the store is one).
     */
    private static OpenAPI document(String path) {
        return OASFactory.createOpenAPI()
                .info(OASFactory.createInfo().title("t").version("1"))
                .components(OASFactory.createComponents()
                        .addSchema(
                                "SubjectResponse",
                                OASFactory.createSchema()
                                        .discriminator(
                                                OASFactory.createDiscriminator().propertyName("entity"))))
                .paths(
                        OASFactory.createPaths()
                                .addPathItem(
                                        path,
                                        OASFactory.createPathItem()
                                                .GET(
                                                        OASFactory.createOperation()
                                                                .responses(
                                                                        OASFactory.createAPIResponses()
                                                                                .addAPIResponse(
                                                                                        "200",
                                                                                        OASFactory.createAPIResponse()
                                                                                                .description("OK")
                                                                                                .content(
                                                                                                        OASFactory
                                                                                                                .createContent()
                                                                                                                .addMediaType(
                                                                                                                        "application/json",
                                                                                                                        OASFactory
                                                                                                                                .createMediaType()
                                                                                                                                .schema(
                                                                                                                                        OASFactory
                                                                                                                                                .createSchema()))))))));
    }
}
