package io.entitytable.api.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestFingerprintTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    record Create(String name, List<String> tags, Map<String, String> address) {}

    @Test
    void of_shouldBeTheSame_whenTheSameBodyIsReadAgain_whateverTheOrderOfItsMapKeys() {
        // GIVEN two reads of one body whose map lists its keys in another order
        Create first = new Create("Main St", List.of("a", "b"), new java.util.LinkedHashMap<>(Map.of("city", "X")));
        java.util.LinkedHashMap<String, String> reordered = new java.util.LinkedHashMap<>();
        reordered.put("zip", "1");
        reordered.put("city", "X");
        java.util.LinkedHashMap<String, String> ordered = new java.util.LinkedHashMap<>();
        ordered.put("city", "X");
        ordered.put("zip", "1");

        // WHEN / THEN
        assertThat(RequestFingerprint.of(JSON, "POST", "/businesses", new Create("Main St", List.of("a"), ordered)))
                .isEqualTo(RequestFingerprint.of(
                        JSON, "POST", "/businesses", new Create("Main St", List.of("a"), reordered)))
                .hasSize(64);
        assertThat(RequestFingerprint.of(JSON, "POST", "/businesses", first))
                .isEqualTo(RequestFingerprint.of(JSON, "POST", "/businesses", first));
    }

    @Test
    void of_shouldDiffer_whenTheMethodThePathTheQueryOrAValueDiffers() {
        Create body = new Create("Main St", List.of("a", "b"), Map.of());
        String base = RequestFingerprint.of(JSON, "POST", "/businesses/B/stores", body);

        assertThat(RequestFingerprint.of(JSON, "POST", "/businesses/C/stores", body))
                .isNotEqualTo(base);
        assertThat(RequestFingerprint.of(
                        JSON, "POST", "/businesses/B/stores", new Create("Main st", List.of("a", "b"), Map.of())))
                .isNotEqualTo(base);
        assertThat(RequestFingerprint.of(
                        JSON, "POST", "/businesses/B/stores", new Create("Main St", List.of("b", "a"), Map.of())))
                .as("a list's order is part of the request")
                .isNotEqualTo(base);
        assertThat(RequestFingerprint.of(JSON, "DELETE", "/stores/S?unlink=true", null))
                .isNotEqualTo(RequestFingerprint.of(JSON, "DELETE", "/stores/S", null));
    }
}
