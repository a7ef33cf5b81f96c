package io.entitytable.search.indexer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.SearchIndex;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IndexerConfigTest {

    @Test
    void from_shouldSignHttpsEndpointsOnly_unlessTheFlagSaysOtherwise() {
        assertThat(config(Map.of(
                                EnvironmentVariable.SEARCH_ENDPOINT.variable(),
                                "https://abc.eu-west-1.aoss.amazonaws.com"))
                        .signing())
                .isTrue();
        assertThat(config(Map.of(EnvironmentVariable.SEARCH_ENDPOINT.variable(), "http://127.0.0.1:9200"))
                        .signing())
                .isFalse();
        assertThat(config(Map.of(
                                EnvironmentVariable.SEARCH_ENDPOINT.variable(), "http://127.0.0.1:9200",
                                EnvironmentVariable.SEARCH_SIGNING.variable(), "true"))
                        .signing())
                .isTrue();
    }

    @Test
    void from_shouldUseTheProjectsIndexAndAlias_andTheNamedTableAndQueue() {
        // WHEN
        IndexerConfig config = config(Map.of(
                EnvironmentVariable.SEARCH_ENDPOINT.variable(), "http://127.0.0.1:9200",
                EnvironmentVariable.TABLE_NAME.variable(), "Entity-v2",
                EnvironmentVariable.SEARCH_DEAD_LETTER_QUEUE_URL.variable(), "http://localhost:9324/000000000000/dlq"));

        // THEN
        assertThat(config.endpoint()).isEqualTo(URI.create("http://127.0.0.1:9200"));
        assertThat(config.names().first()).isEqualTo(SearchIndex.physicalName());
        assertThat(config.names().nextAlias()).isEqualTo(SearchIndex.NEXT_ALIAS);
        assertThat(config.nextAliasRecheck()).isEqualTo(SearchIndex.NEXT_ALIAS_RECHECK);
        assertThat(config.alias()).isEqualTo(SearchIndex.ALIAS);
        assertThat(config.tableName()).isEqualTo("Entity-v2");
        assertThat(config.deadLetterQueueUrl()).isEqualTo("http://localhost:9324/000000000000/dlq");
    }

    @Test
    void collectionReads_shouldDefaultToSixteenAtOnce_andRefuseFewerThanOne() {
        IndexerConfig config = config(Map.of(EnvironmentVariable.SEARCH_ENDPOINT.variable(), "http://127.0.0.1:9200"));

        assertThat(config.collectionReads())
                .isEqualTo(IndexerConfig.DEFAULT_COLLECTION_READS)
                .isEqualTo(16);
        assertThat(config.withCollectionReads(1).collectionReads()).isEqualTo(1);
        assertThatThrownBy(() -> config.withCollectionReads(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void from_shouldRefuseToStartWithoutAnEndpoint() {
        assertThatThrownBy(() -> config(Map.of()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(EnvironmentVariable.SEARCH_ENDPOINT.variable());
    }

    private static IndexerConfig config(Map<String, String> settings) {
        return IndexerConfig.from(new HashMap<>(settings)::get);
    }
}
