package io.entitytable.api.search;

import io.entitytable.search.client.TextHit;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One search result: which subject, how well it matched, what it says and where the words matched. */
@Schema(name = "SearchHit")
public record SearchHitResponse(
        @Schema(
                        description = "The entity: customer, store or order",
                        enumeration = {"customer", "store", "order"})
                String type,
        @Schema(description = "The subject's id; read it at /<type>s/{id}") String id,
        String businessId,
        @Schema(description = "Relevance: higher is better. Hits come best first, ties by id") double score,
        @Schema(description = "What a result list shows: a customer's name, a store's name, an order's customer")
                String title,
        @Schema(
                        description =
                                "The subject's searchable fields, by name (firstName, lastName, email, name, street,"
                                        + " city, status, customerName, description, sku, tags)")
                Map<String, List<String>> fields,
        @Schema(description = "Per field, the fragments that matched, each match wrapped in <em></em>")
                Map<String, List<String>> highlight) {

    static SearchHitResponse from(TextHit hit) {
        return new SearchHitResponse(
                hit.type(), hit.id(), hit.businessId(), hit.score(), hit.title(), hit.fields(), hit.highlight());
    }
}
