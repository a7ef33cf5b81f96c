package io.entitytable.api.search;

import io.entitytable.search.client.TextHit;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * One search result: which subject, what it says and where the words matched. No relevance score: the engine computes it
 * from every business's documents, so it would tell one business about the others' words (hits come best first).
 */
@Schema(name = "SearchHit")
public record SearchHitResponse(
        // Its enumeration and description are the searchable entities, as declared (ContractFilter).
        String type,
        @Schema(description = "The subject's id; read it at /<type>s/{id}") String id,
        String businessId,
        @Schema(
                        description =
                                "What a result list shows: a customer's name, a store's name, an order's customer."
                                        + " Plain text as stored, not HTML: escape it before putting it in a page")
                String title,
        // Its description names the search index's text fields (ContractFilter).
        Map<String, List<String>> fields,
        @Schema(
                        description = "Per field, the fragments that matched. HTML: the stored text escaped (& < > \" '"
                                + " and /), each match wrapped in <em></em>, the only markup a fragment holds;"
                                + " safe to put in a page as it is")
                Map<String, List<String>> highlight) {

    static SearchHitResponse from(TextHit hit) {
        return new SearchHitResponse(
                hit.type(), hit.id(), hit.businessId(), hit.title(), hit.fields(), hit.highlight());
    }
}
