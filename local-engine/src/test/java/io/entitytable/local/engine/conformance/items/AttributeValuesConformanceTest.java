package io.entitytable.local.engine.conformance.items;

import static io.entitytable.local.engine.conformance.items.ConformanceTable.b;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.bool;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.bs;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.bytes;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.l;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.m;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.map;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.n;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.ns;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.nul;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.s;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.ss;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The ten attribute types written and read back unchanged, and DynamoDB's rules for numbers (normal form, 38 digits,
 * magnitude range), empty values and sets.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/HowItWorks.NamingRulesDataTypes.html">
 *     Data types</a>
 */
class AttributeValuesConformanceTest {
    private static ConformanceTable table;

    @BeforeAll
    static void createTable() {
        table = ConformanceTable.hashOnly("values", ScalarAttributeType.S);
    }

    @AfterAll
    static void deleteTable() {
        table.close();
    }

    static Stream<Arguments> everyType() {
        return Stream.of(
                Arguments.of("S", s("text ü 😀")),
                Arguments.of("N", n("42")),
                Arguments.of("B", b(0, 1, 0xFF, 0x80)),
                Arguments.of("BOOL true", bool(true)),
                Arguments.of("BOOL false", bool(false)),
                Arguments.of("NULL", nul()),
                Arguments.of("SS", ss("a", "b", "c")),
                Arguments.of("NS", ns("1", "2.5", "-3")),
                Arguments.of("BS", bs(bytes(1), bytes(2, 3))),
                Arguments.of("L", l(s("x"), n("1"), bool(false), nul(), l(), m())),
                Arguments.of("M", m("a", s("x"), "b", n("1"))),
                Arguments.of(
                        "nested", m("list", l(m("deep", l(ss("x", "y"), b(7)))), "map", m("inner", m("n", n("3"))))),
                Arguments.of("empty L", l()),
                Arguments.of("empty M", m()));
    }

    // Each data type (scalar, set, document, nested) is stored and returned as written
    @ParameterizedTest(name = "{0}")
    @MethodSource("everyType")
    void putAndGet_shouldRoundTripEveryType(String type, AttributeValue value) {
        // GIVEN
        Map<String, AttributeValue> key = map("pk", s("type-" + type));
        Map<String, AttributeValue> item = map("pk", s("type-" + type), "v", value);

        // WHEN
        table.put(item);

        // THEN
        Map<String, AttributeValue> read = table.get(key);
        assertThat(read).containsOnlyKeys("pk", "v");
        assertSameValue(read.get("v"), value);
    }

    private static void assertSameValue(AttributeValue actual, AttributeValue expected) {
        // sets are unordered: compare them as sets, everything else as is
        if (expected.hasSs()) {
            assertThat(actual.ss()).containsExactlyInAnyOrderElementsOf(expected.ss());
        } else if (expected.hasNs()) {
            assertThat(actual.ns()).containsExactlyInAnyOrderElementsOf(expected.ns());
        } else if (expected.hasBs()) {
            assertThat(actual.bs()).containsExactlyInAnyOrderElementsOf(expected.bs());
        } else if (expected.hasL()) {
            assertThat(actual.l()).hasSameSizeAs(expected.l());
            for (int i = 0; i < expected.l().size(); i++) {
                assertSameValue(actual.l().get(i), expected.l().get(i));
            }
        } else if (expected.hasM()) {
            assertThat(actual.m()).containsOnlyKeys(expected.m().keySet());
            expected.m().forEach((name, value) -> assertSameValue(actual.m().get(name), value));
        } else {
            assertThat(actual).isEqualTo(expected);
        }
    }

    // Numbers are returned in their normal form: no trailing fractional zeros, no exponent, no negative zero
    @ParameterizedTest(name = "{0} reads back as {1}")
    @CsvSource({"1.50, 1.5", "-0, 0", "0.0, 0", "1E2, 100", "0.10, 0.1", "-1.000, -1", "12.3400e1, 123.4", "1E-3, 0.001"
    })
    void number_shouldReadBackNormalised(String written, String read) {
        // GIVEN
        Map<String, AttributeValue> key = map("pk", s("number-" + written));

        // WHEN
        table.put(map("pk", s("number-" + written), "v", n(written)));

        // THEN
        assertThat(table.get(key).get("v").n()).isEqualTo(read);
    }

    // A number keeps up to 38 significant digits exactly
    @Test
    void number_shouldKeep38SignificantDigits() {
        String digits = "12345678901234567890123456789012345678";
        table.put(map("pk", s("38-digits"), "v", n(digits), "f", n("-0." + digits)));

        Map<String, AttributeValue> read = table.get(map("pk", s("38-digits")));
        assertThat(read.get("v").n()).isEqualTo(digits);
        assertThat(read.get("f").n()).isEqualTo("-0." + digits);
    }

    // Trailing zeros of an integer are not significant digits: 1E125 and 1E-130 are inside the range
    @ParameterizedTest
    @ValueSource(strings = {"1E125", "9.9999999999999999999999999999999999999E125", "-1E125", "1E-130", "-1E-130"})
    void number_shouldAcceptTheEdgesOfTheRange(String number) {
        table.put(map("pk", s("edge-" + number), "v", n(number)));

        assertThat(table.get(map("pk", s("edge-" + number))).get("v").n()).isNotBlank();
    }

    // More than 38 significant digits are refused
    @Test
    void number_shouldRefuse39SignificantDigits() {
        assertThatThrownBy(() -> table.put(map("pk", s("39"), "v", n("123456789012345678901234567890123456789"))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Attempting to store more than 38 significant digits in a Number");
    }

    // A magnitude of 1E126 or more overflows
    @ParameterizedTest
    @ValueSource(strings = {"1E126", "-1E126", "1E200"})
    void number_shouldRefuseOverflow(String number) {
        assertThatThrownBy(() -> table.put(map("pk", s("overflow"), "v", n(number))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Number overflow");
    }

    // A non-zero magnitude below 1E-130 underflows
    @ParameterizedTest
    @ValueSource(strings = {"1E-131", "-1E-131"})
    void number_shouldRefuseUnderflow(String number) {
        assertThatThrownBy(() -> table.put(map("pk", s("underflow"), "v", n(number))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Number underflow");
    }

    // A number must be a decimal number
    @ParameterizedTest
    @ValueSource(strings = {"abc", "1..2", "", "NaN", "Infinity", "0x10"})
    void number_shouldRefuseTextThatIsNoNumber(String number) {
        assertThatThrownBy(() -> table.put(map("pk", s("nan"), "v", n(number))))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400));
    }

    // Empty strings and binaries are allowed in non-key attributes, also inside lists and maps
    @Test
    void emptyStringAndBinary_shouldBeAllowedOutsideKeys() {
        Map<String, AttributeValue> item =
                map("pk", s("empties"), "s", s(""), "b", b(), "l", l(s("")), "m", m("e", s("")));

        table.put(item);

        Map<String, AttributeValue> read = table.get(map("pk", s("empties")));
        assertThat(read.get("s").s()).isEmpty();
        assertThat(read.get("b").b().asByteArray()).isEmpty();
        assertThat(read.get("l").l()).containsExactly(s(""));
        assertThat(read.get("m").m()).containsEntry("e", s(""));
    }

    static Stream<Arguments> emptySets() {
        return Stream.of(
                Arguments.of("SS", AttributeValue.fromSs(List.of())),
                Arguments.of("NS", AttributeValue.fromNs(List.of())),
                Arguments.of("BS", AttributeValue.fromBs(List.of())));
    }

    // A set may not be empty
    @ParameterizedTest(name = "{0}")
    @MethodSource("emptySets")
    void emptySet_shouldBeRefused(String type, AttributeValue empty) {
        assertThatThrownBy(() -> table.put(map("pk", s("empty-set"), "v", empty)))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("may not be empty");
    }

    static Stream<Arguments> setsWithDuplicates() {
        return Stream.of(
                Arguments.of("SS", ss("a", "a")),
                Arguments.of("NS", ns("1", "1")),
                Arguments.of("BS", bs(bytes(1), bytes(1))));
    }

    // The members of a set are unique
    @ParameterizedTest(name = "{0}")
    @MethodSource("setsWithDuplicates")
    void setWithDuplicates_shouldBeRefused(String type, AttributeValue duplicates) {
        assertThatThrownBy(() -> table.put(map("pk", s("dup-set"), "v", duplicates)))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("contains duplicates");
    }

    // A number set's members are numbers: each is normalised like a number
    @Test
    void numberSet_shouldNormaliseItsMembers() {
        table.put(map("pk", s("ns-normal"), "v", ns("1.50", "2E1")));

        assertThat(table.get(map("pk", s("ns-normal"))).get("v").ns()).containsExactlyInAnyOrder("1.5", "20");
    }

    // An attribute value sets exactly one type
    @Test
    void attributeValue_shouldRefuseTwoTypesAtOnce() {
        AttributeValue twoTypes = AttributeValue.builder().s("x").n("1").build();

        assertThatThrownBy(() -> table.put(map("pk", s("two-types"), "v", twoTypes)))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400));
    }

    // An item read back has exactly the attributes written, names being case-sensitive
    @Test
    void attributeNames_shouldBeCaseSensitive() {
        String id = UUID.randomUUID().toString();
        table.put(map("pk", s(id), "a", s("lower"), "A", s("upper")));

        Map<String, AttributeValue> read = table.get(map("pk", s(id)));
        assertThat(read).containsEntry("a", s("lower")).containsEntry("A", s("upper"));
    }
}
