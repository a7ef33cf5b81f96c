package io.entitytable.api.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.api.error.ApiProblem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class CursorCodecTest {
    private final CursorCodec codec = TestCursorCodec.over(FixedCursorKeys.of("secret-one"));

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
        String foreign = TestCursorCodec.over(FixedCursorKeys.of("secret-two")).encode("scope-a", state);

        assertThat(codec.decode("scope-a", cursor)).isEqualTo(state);
        assertThatThrownBy(() -> codec.decode("scope-b", cursor)).isInstanceOf(ApiProblem.class);
        assertThatThrownBy(() -> codec.decode("scope-a", edited)).isInstanceOf(ApiProblem.class);
        assertThatThrownBy(() -> codec.decode("scope-a", foreign)).isInstanceOf(ApiProblem.class);
    }

    @Test
    void decode_shouldAcceptACursorSignedWithThePreviousKey_afterARotation() {
        // GIVEN a cursor handed out while "key-one" was current
        CursorKey one = CursorKey.of("key-one");
        CursorKey two = CursorKey.of("key-two");
        CursorState state = state("", Map.of("pk", "business#01J", "sk", "customer#a"));
        String before = TestCursorCodec.over(new FixedCursorKeys(one)).encode("scope-a", state);

        // WHEN the keys rotate: "key-two" signs, "key-one" is the previous key
        CursorCodec rotated = TestCursorCodec.over(new TwoKeys(two, one));
        String after = rotated.encode("scope-a", state);

        // THEN both the old cursor and a new one decode, and the new one names the new key
        assertThat(rotated.decode("scope-a", before)).isEqualTo(state);
        assertThat(rotated.decode("scope-a", after)).isEqualTo(state);
        assertThat(keyId(before)).isEqualTo(one.id());
        assertThat(keyId(after)).isEqualTo(two.id()).isNotEqualTo(one.id());
        // ... and after the next rotation, which drops "key-one", the old cursor is refused
        CursorCodec rotatedAgain = TestCursorCodec.over(new TwoKeys(CursorKey.of("key-three"), two));
        assertThat(rotatedAgain.decode("scope-a", after)).isEqualTo(state);
        assertThatThrownBy(() -> rotatedAgain.decode("scope-a", before))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.status())
                        .isEqualTo(400));
    }

    @Test
    void decode_shouldRefuse_aCursorNamingAnUnknownKey_orAnotherKnownKey_orEditedAfterARotation() {
        // GIVEN codecs before and after a rotation, and a cursor of the previous key
        CursorKey one = CursorKey.of("key-one");
        CursorKey two = CursorKey.of("key-two");
        CursorCodec rotated = TestCursorCodec.over(new TwoKeys(two, one));
        CursorState state = state("", Map.of("pk", "business#01J"));
        String cursor = TestCursorCodec.over(new FixedCursorKeys(one)).encode("scope-a", state);
        String[] parts = cursor.split("\\.");

        // WHEN its key id is replaced by an unknown one or by the other known one, or its payload or MAC is edited
        List<String> refused = List.of(
                parts[0] + ".AAAAAAAA." + parts[2],
                parts[0] + "." + parts[2],
                parts[0] + "." + two.id() + "." + parts[2],
                edit(parts[0]) + "." + parts[1] + "." + parts[2],
                parts[0] + "." + parts[1] + "." + edit(parts[2]),
                cursor + "." + parts[2]);

        // THEN each is a 400, while the cursor itself decodes
        assertThat(rotated.decode("scope-a", cursor)).isEqualTo(state);
        for (String bad : refused) {
            assertThatThrownBy(() -> rotated.decode("scope-a", bad))
                    .as(bad)
                    .isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.status())
                            .isEqualTo(400));
        }
    }

    @Test
    void keyId_shouldBeTheSameForTheSameSecret_andTellNothingOfIt() {
        // GIVEN two instances given the same secret, and another secret
        CursorKey one = CursorKey.of("the-shared-secret");
        CursorKey same = CursorKey.of("the-shared-secret");
        CursorKey other = CursorKey.of("another-secret");

        // WHEN / THEN they agree on the id, the other secret has another, and neither id nor key text shows the secret
        assertThat(one.id()).isEqualTo(same.id()).hasSize(8).isNotEqualTo(other.id());
        assertThat(one.id() + one).doesNotContain("shared");
        assertThatThrownBy(() -> CursorKey.of(" ")).isInstanceOf(IllegalArgumentException.class);
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

    private static String keyId(String cursor) {
        return cursor.split("\\.")[1];
    }

    private static String edit(String part) {
        return (part.charAt(0) == 'A' ? "B" : "A") + part.substring(1);
    }

    /** The keys after a rotation: {@code current} signs, both verify. */
    private record TwoKeys(CursorKey current, CursorKey previous) implements CursorKeys {
        @Override
        public Optional<CursorKey> find(String id) {
            if (current.id().equals(id)) {
                return Optional.of(current);
            }
            return previous.id().equals(id) ? Optional.of(previous) : Optional.empty();
        }
    }
}
