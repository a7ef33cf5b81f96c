package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.search.repair.ReindexRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReindexOptionsTest {

    @Test
    void reindex_shouldScanWithEightSegments_unlessToldOtherwise() {
        // WHEN
        ReindexOptions byDefault =
                ReindexOptions.parse(List.of("reindex", "--search-endpoint", "http://127.0.0.1:9200"));
        ReindexOptions told = ReindexOptions.parse(
                List.of("reindex", "--search-endpoint", "http://127.0.0.1:9200", "--segments", "2"));

        // THEN
        assertThat(byDefault.dynamo().segments())
                .isEqualTo(ReindexRequest.DEFAULT_SEGMENTS)
                .isEqualTo(8);
        assertThat(told.dynamo().segments()).isEqualTo(2);
    }
}
