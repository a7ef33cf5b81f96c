package io.entitytable.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.model.SearchFields;
import org.junit.jupiter.api.Test;

class SearchIndexTest {
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void physicalName_shouldCarryTheMappingVersion() {
        assertThat(SearchIndex.physicalName()).isEqualTo("entities-v1");
        assertThat(SearchIndex.ALIAS).isEqualTo("entities");
        assertThat(SearchIndex.NEXT_ALIAS).isEqualTo("entities-next");
        assertThat(SearchIndex.REBUILD_SETTLE).isGreaterThan(SearchIndex.NEXT_ALIAS_RECHECK);
    }

    @Test
    void names_shouldAdvanceByGeneration_andRestartAtANewMappingVersion() {
        SearchIndexNames names = SearchIndex.NAMES;
        assertThat(names.after(java.util.Optional.empty())).isEqualTo("entities-v1");
        assertThat(names.after(java.util.Optional.of("entities-v1"))).isEqualTo("entities-v1-2");
        assertThat(names.after(java.util.Optional.of("entities-v1-2"))).isEqualTo("entities-v1-3");
        // an index of an older mapping (or a name of no family) is followed by the current mapping's first
        assertThat(names.after(java.util.Optional.of("entities-v0-7"))).isEqualTo("entities-v1");
        assertThat(names.after(java.util.Optional.of("something-else"))).isEqualTo("entities-v1");
        assertThat(names.parse("entities-v1-12")).contains(new SearchIndexNames.Generation(1, 12));
        assertThat(names.parse("entities-next")).isEmpty();
        assertThat(names.isCurrentMapping("entities-v1-4")).isTrue();
        assertThat(new SearchIndexNames("t1-entities").physical(1, 1)).isEqualTo("t1-entities-v1");
    }

    @Test
    void definition_shouldMapEveryTextFieldWithFoldingAndAPrefixSubField() throws Exception {
        // WHEN
        JsonNode properties =
                json.readTree(SearchIndex.definitionJson()).path("mappings").path("properties");

        // THEN
        for (String field : SearchFields.TEXT) {
            JsonNode mapping = properties.path(field);
            assertThat(mapping.path("type").asText()).as(field).isEqualTo("text");
            assertThat(mapping.path("analyzer").asText()).as(field).isEqualTo("folded");
            assertThat(mapping.path("fields")
                            .path(SearchFields.PREFIX)
                            .path("analyzer")
                            .asText())
                    .as(field)
                    .isEqualTo("folded_prefix");
        }
        assertThat(properties.path(SearchFields.BUSINESS_ID).path("type").asText())
                .isEqualTo("keyword");
        assertThat(properties.path(SearchFields.DELETED).path("type").asText()).isEqualTo("boolean");
    }

    @Test
    void managedShardsDefinition_shouldLeaveShardsAndReplicasOut_andKeepTheAnalysers() throws Exception {
        // WHEN
        JsonNode local = json.readTree(SearchIndex.definitionJson());
        JsonNode managed = json.readTree(SearchIndex.definitionJson(true));

        // THEN
        assertThat(local.path("settings").path("index").has("number_of_shards")).isTrue();
        assertThat(managed.path("settings").path("index").has("number_of_shards"))
                .isFalse();
        assertThat(managed.path("settings").path("index").has("number_of_replicas"))
                .isFalse();
        assertThat(managed.path("settings").path("analysis"))
                .isEqualTo(local.path("settings").path("analysis"));
        assertThat(managed.path("mappings")).isEqualTo(local.path("mappings"));
    }
}
