package io.entitytable.api.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.config.ApiConfig;
import io.entitytable.api.error.ApiProblem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class CursorCodecTest {
    private final CursorCodec codec = new CursorCodec(new ObjectMapper(), config("secret-one"));

    @Test
    void decode_shouldReturnThePositions_thatWereEncoded() {
        CursorState state = state("0", Map.of("pk", "ORDERSTATUS#OPEN#0", "sk", "2026-01-01T00:00:00.000Z#01J"));

        String cursor = codec.encode("orders-by-status|OPEN", state);

        assertThat(codec.decode("orders-by-status|OPEN", cursor)).isEqualTo(state);
    }

    @Test
    void decode_shouldRefuse_aCursorOfAnotherScope_anEditedOne_andOneSignedWithAnotherSecret() {
        CursorState state = state("", Map.of("pk", "business#01J"));
        String cursor = codec.encode("scope-a", state);
        String edited = (cursor.charAt(0) == 'e' ? "f" : "e") + cursor.substring(1);
        String foreign = new CursorCodec(new ObjectMapper(), config("secret-two")).encode("scope-a", state);

        assertThat(codec.decode("scope-a", cursor)).isEqualTo(state);
        assertThatThrownBy(() -> codec.decode("scope-b", cursor)).isInstanceOf(ApiProblem.class);
        assertThatThrownBy(() -> codec.decode("scope-a", edited)).isInstanceOf(ApiProblem.class);
        assertThatThrownBy(() -> codec.decode("scope-a", foreign)).isInstanceOf(ApiProblem.class);
    }

    /** Every cursor is signed with a clone of one keyed Mac: clones used at once must not disturb each other. */
    @Test
    void encode_shouldSignAlike_fromManyThreadsAtOnce() throws Exception {
        List<CursorState> states = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            CursorState state = state(Integer.toString(i % 7), Map.of("pk", "p" + i, "sk", "s" + i));
            states.add(state);
            expected.add(codec.encode("scope-" + i, state));
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<String>> cursors = new ArrayList<>();
            for (int round = 0; round < 10; round++) {
                for (int i = 0; i < states.size(); i++) {
                    int index = i;
                    cursors.add(pool.submit(() -> codec.encode("scope-" + index, states.get(index))));
                }
            }
            for (int i = 0; i < cursors.size(); i++) {
                assertThat(cursors.get(i).get()).isEqualTo(expected.get(i % states.size()));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static CursorState state(String partition, Map<String, String> position) {
        Map<String, Map<String, String>> positions = new LinkedHashMap<>();
        positions.put(partition, position);
        return new CursorState(positions);
    }

    private static ApiConfig config(String secret) {
        return new ApiConfig() {
            @Override
            public String tableName() {
                return "Entity";
            }

            @Override
            public String groupsClaim() {

                return "cognito:groups";
            }

            @Override
            public boolean allowUnauthenticated() {

                return false;
            }

            @Override
            public String cursorSecret() {
                return secret;
            }

            @Override
            public java.util.Optional<java.net.URI> searchEndpoint() {
                return java.util.Optional.empty();
            }

            @Override
            public java.util.Optional<Boolean> searchSigning() {
                return java.util.Optional.empty();
            }

            @Override
            public int filterPageBudget() {
                return 10;
            }
        };
    }
}
