package io.entitytable.transfer;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.entitytable.api.response.DeclaredResponse;
import io.entitytable.api.web.JsonSetup;

/**
 * The JSON of the file, as the API writes and reads its bodies: Quarkus's Java time module and the API's settings
 * ({@code quarkus.jackson.serialization-inclusion=non-null}, {@code fail-on-unknown-properties=true} in its
 * application.properties), then the API's own {@link JsonSetup} (instants as ISO-8601 text; strict reading: no coercion
 * between types, one document a line, each key once). A subject in the file is therefore byte for byte what the API
 * answers for it, and a line the API would refuse as a body is refused here too. A declared entity's subject, whose
 * fields the API writes under their own names, is read back by {@link DeclaredResponseReader}.
 */
final class TransferJson {
    private TransferJson() {}

    static ObjectMapper mapper() {
        ObjectMapper mapper = new ObjectMapper();
        mapper.registerModule(new JavaTimeModule());
        mapper.disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        mapper.setSerializationInclusion(JsonInclude.Include.NON_NULL);
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        new JsonSetup().customize(mapper);
        mapper.registerModule(new SimpleModule("declared-subjects")
                .addDeserializer(DeclaredResponse.class, new DeclaredResponseReader()));
        return mapper;
    }
}
