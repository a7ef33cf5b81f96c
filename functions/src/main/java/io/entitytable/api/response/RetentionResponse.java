package io.entitytable.api.response;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import io.entitytable.model.Retention;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;

/**
 * A business's retention of finished subjects as the API returns it: the business's id and, for each kind of subject
 * whose finished ones leave the table, how long they stay (the business's own setting, or the default).
 */
@Schema(
        name = "Retention",
        description = "How long a business's finished subjects stay in the table before they move to the archive: for"
                + " each kind that has a lifecycle, an ISO-8601 duration (the default unless an operator set another)."
                + " Finished orders are those DELIVERED or CANCELLED; the default is P400D.",
        properties = {
            @SchemaProperty(
                    name = "orders",
                    type = SchemaType.STRING,
                    example = "P400D",
                    description = "How long a finished order stays in the table, from the time it finished")
        })
public record RetentionResponse(
        @Schema(readOnly = true) String businessId, @Schema(hidden = true) Map<String, String> kept) {

    public static RetentionResponse from(String businessId, Retention retention) {
        Map<String, String> kept = new LinkedHashMap<>();
        retention.byCollection().forEach((collection, duration) -> kept.put(collection, Retention.format(duration)));
        return new RetentionResponse(businessId, kept);
    }

    /** Each kind's retention, by collection name, beside {@code businessId}. */
    @JsonAnyGetter
    @Override
    public Map<String, String> kept() {
        return kept;
    }
}
