package io.entitytable.transfer;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.ObjectCodec;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.api.response.DeclaredResponse;
import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads a subject of an entity declared by its fields from the JSON the API writes for it ({@link DeclaredResponse}):
 * what every subject carries under its own names, and every other name a declared field's value. The API only writes
 * this representation, so the file's reader needs its own way back: the common part is read strictly as any response
 * (a value of the wrong type refused), and the values are kept as JSON gives them (text, number), for the declaration
 * to judge ({@link SubjectCodec#toRecord}).
 */
final class DeclaredResponseReader extends StdDeserializer<DeclaredResponse> {
    /** What every subject carries, named as DeclaredResponse names it. */
    record Common(
            String entity,
            String id,
            String businessId,
            Set<String> tags,
            long version,
            Instant createdAt,
            Instant updatedAt,
            Boolean archived) {}

    private static final Set<String> COMMON =
            Set.of("entity", "id", "businessId", "tags", "version", "createdAt", "updatedAt", "archived");

    DeclaredResponseReader() {
        super(DeclaredResponse.class);
    }

    @Override
    public DeclaredResponse deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        ObjectCodec codec = parser.getCodec();
        JsonNode tree = codec.readTree(parser);
        if (!tree.isObject()) {
            return (DeclaredResponse) context.handleUnexpectedToken(DeclaredResponse.class, parser);
        }
        ObjectNode common = ((ObjectNode) tree).objectNode();
        ObjectNode fields = ((ObjectNode) tree).objectNode();
        tree.fields().forEachRemaining(entry -> (COMMON.contains(entry.getKey()) ? common : fields)
                .set(entry.getKey(), entry.getValue()));
        Common read = codec.treeToValue(common, Common.class);
        @SuppressWarnings("unchecked")
        Map<String, Object> values = new LinkedHashMap<>(codec.treeToValue(fields, Map.class));
        return new DeclaredResponse(
                read.entity(),
                read.id(),
                read.businessId(),
                values,
                read.tags(),
                read.version(),
                read.createdAt(),
                read.updatedAt(),
                read.archived());
    }
}
