package io.entitytable.api.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.LocalDynamoResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class JsonSetupTest {
    @Inject
    ObjectMapper mapper;

    @Test
    void instants_shouldBeWrittenByTheFastSerializer_asInstantToStringWritesThem() throws Exception {
        // GIVEN the application's mapper
        // WHEN / THEN the serializer it picks for instants is ours (the Java time module's would also pass the text)
        assertThat(mapper.getSerializerProviderInstance().findValueSerializer(Instant.class))
                .isInstanceOf(IsoInstantSerializer.class);
        // AND the text is Instant#toString's at every precision
        for (Instant instant : List.of(
                Instant.parse("2026-11-22T07:34:20Z"),
                Instant.parse("2026-11-22T07:34:20.120Z"),
                Instant.parse("2026-11-22T07:34:20.123456Z"),
                Instant.parse("2026-11-22T07:34:20.123456789Z"))) {
            assertThat(mapper.writeValueAsString(instant)).isEqualTo("\"" + instant + "\"");
        }
    }
}
