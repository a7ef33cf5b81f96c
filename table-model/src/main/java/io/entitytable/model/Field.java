package io.entitytable.model;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One field of a subject, as its entity declares it: its kind, whether a new subject must have it, its bounds and
 * shape, how a given value is normalised before it is stored, whether it may change after creation, whether its value
 * is unique within the business, and an example. How a request's value is checked and normalised, and how it is
 * stored, follow from this one declaration.
 *
 * <p>Immutable: each refinement ({@link #required()}, {@link #between}, ...) returns a new declaration.
 *
 * @param shape the pattern a text value must match, whole; null for any free text
 * @param shapeMessage what a refused shape is told, rather than the pattern
 * @param letterCase the letter case a text is stored in
 * @param example a value of the field to show, or null: for the contract and the sample requests, which do not read
 *     it yet (design §2)
 * @param members an object's own fields, in order ({@link #object}), or those of each of its items ({@link #items});
 *     none for any other kind
 * @param itemName what one of its items is called in its sort key and its count ({@link #items}: {@code line}); null
 *     for any other kind
 * @param defaultValue the value a new subject (or an object, or an item) that leaves it out holds ({@link #byDefault});
 *     null for none
 * @param derivation how its value is made from the values beside it ({@link #derived}); null for a value that is given
 * @param parentCopy what of its subject's parent its value copies when the subject is created ({@link
 *     #copiedFromParent}, {@link #chosenFromParent}); null for a value of its own
 */
public record Field(
        String name,
        Kind kind,
        boolean isRequired,
        long min,
        long max,
        Pattern shape,
        String shapeMessage,
        LetterCase letterCase,
        boolean isImmutable,
        boolean isUnique,
        Object example,
        List<Field> members,
        String itemName,
        Object defaultValue,
        Derivation derivation,
        ParentCopy parentCopy) {

    /** What follows an item's name in the attribute that numbers it ({@link #numberAttribute}). */
    private static final String NUMBER_SUFFIX = "No";

    /** The longest text a field takes unless it says otherwise. */
    public static final int DEFAULT_MAX_LENGTH = 200;

    /**
     * The characters no free text may hold, as the body of a character class that Java and ECMA-262 read alike:
     *
     * <ul>
     *   <li>C0 controls, DEL and C1 controls ({@code U+0000-U+001F}, {@code U+007F-U+009F}): a terminal reads
     *       {@code U+009B} as the start of an escape sequence, as it does {@code ESC [};
     *   <li>bidirectional controls: the Arabic letter mark {@code U+061C}, the marks {@code U+200E-U+200F}, the
     *       embeddings and overrides {@code U+202A-U+202E} and the isolates {@code U+2066-U+2069}: they reorder the
     *       text around them, so a stored name displays as another ({@code U+202E} turns {@code "abc"} into
     *       {@code "cba"});
     *   <li>zero-width characters ({@code U+200B-U+200D}, the word joiner and its neighbours {@code U+2060-U+206F},
     *       {@code U+FEFF}): invisible, so two names that look the same differ, and a search for what one sees misses;
     *   <li>the line and paragraph separators {@code U+2028-U+2029}, for the same reason a newline is refused.
     * </ul>
     */
    public static final String INVISIBLE =
            "\\x00-\\x1F\\x7F-\\x9F\\u061C\\u200B-\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF";

    /**
     * Free text: none of the {@link #INVISIBLE} characters, and no unpaired surrogate ({@code \p{Cs}}; a JSON escape of
     * U+D800 alone yields one). An unpaired surrogate is not Unicode text and has no UTF-8 encoding, so it cannot be
     * stored faithfully in a DynamoDB string. Paired surrogates (emoji) are one code point and pass.
     */
    public static final String FREE_TEXT = "[^" + INVISIBLE + "\\p{Cs}]*";

    /** What a refused free text is told (rather than the pattern). */
    public static final String FREE_TEXT_MESSAGE =
            "must not contain control, bidirectional-control or zero-width characters, or unpaired surrogates";

    private static final Pattern FREE_TEXT_SHAPE = Pattern.compile(FREE_TEXT);

    /**
     * What a field holds, and how it is stored: text as a DynamoDB string, a whole number as a number, an object (its
     * own fields, an address for one) as a map, values by label (a customer's addresses by name) as a map of them, and
     * items (an order's lines) as items of their own in the subject's item collection, which its core item counts, and
     * a set of texts (an order's SKUs) as a DynamoDB string set.
     */
    public enum Kind {
        TEXT,
        WHOLE_NUMBER,
        OBJECT,
        LABELLED,
        ITEMS,
        TEXT_SET
    }

    /** The letter case a text is stored in: as given, or lower or upper case so that values differing in it are one. */
    public enum LetterCase {
        AS_GIVEN,
        LOWER,
        UPPER
    }

    /**
     * How a derived field's value is made ({@link #derived}): by {@code from}, out of the stored values of {@code
     * inputs}, the fields (or members) beside it; {@code says} how in words, for the contract.
     */
    public record Derivation(String says, List<String> inputs, Function<Map<String, Object>, ?> from) {
        public Derivation {
            Objects.requireNonNull(says);
            Objects.requireNonNull(from);
            inputs = List.copyOf(inputs);
            if (inputs.isEmpty()) {
                throw new IllegalArgumentException("a derived value is made of at least one other");
            }
        }
    }

    /**
     * What of its subject's parent a field's value copies when the subject is created: the parent's fields of the
     * field's own name, or of its members' names ({@code labelled} null: {@link #copiedFromParent}), or the value under
     * the label a request gives of the parent's field of values by label {@code labelled} ({@link #chosenFromParent}).
     */
    public record ParentCopy(Field labelled) {}

    /** What a label of a {@link Kind#LABELLED} field must be: lower-case letters, digits, '_' and '-', up to 32. */
    public static final String LABEL = "[a-z0-9][a-z0-9_-]{0,31}";

    /** What a refused label is told (rather than the pattern). */
    public static final String LABEL_MESSAGE =
            "lower-case letters, digits, '_' and '-', up to 32, starting with a letter or digit";

    private static final Pattern LABEL_SHAPE = Pattern.compile(LABEL);

    /** How many labels a labelled field holds unless it says otherwise. */
    public static final int DEFAULT_MAX_LABELS = 20;

    /**
     * How many items a field of items holds unless it says otherwise: they are written in one transaction with their
     * subject, its unique values' markers and its business's counter, which takes at most 100 writes.
     */
    public static final int DEFAULT_MAX_ITEMS = 50;

    /**
     * The most items a field of items may hold: with their subject, its business's counter and an idempotency record
     * they fill one transaction of {@link Entity#MAX_TRANSACTION_WRITES}, as an order's 97 lines do ({@link
     * Entity}'s definition counts the rest of its subject's writes too).
     */
    public static final int MOST_ITEMS = 97;

    public Field {
        Objects.requireNonNull(name);
        Objects.requireNonNull(kind);
        members = List.copyOf(members);
        if (min > max) {
            throw new IllegalArgumentException("field " + name + ": min " + min + " is above max " + max);
        }
        boolean composite = kind == Kind.OBJECT || kind == Kind.LABELLED || kind == Kind.ITEMS || kind == Kind.TEXT_SET;
        Objects.requireNonNull(letterCase);
        if (composite && (isUnique || letterCase != LetterCase.AS_GIVEN || shape != null || members.isEmpty())) {
            // A unique value is one key of a marker item, and a shape or a letter case is a text's: an object's members
            // say those of themselves.
            throw new IllegalArgumentException("field " + name
                    + ": an object has members and can be neither unique, of one letter case nor shaped");
        }
        if ((kind == Kind.ITEMS) != (itemName != null)) {
            throw new IllegalArgumentException("field " + name + ": items, and only items, have an item name");
        }
        if (kind == Kind.ITEMS && (min < 1 || max > MOST_ITEMS)) {
            // One transaction writes them with their subject, its markers and its counter.
            throw new IllegalArgumentException(
                    "field " + name + ": from 1 to at most " + MOST_ITEMS + " items, which one transaction writes");
        }
        if (derivation != null && kind != Kind.TEXT && kind != Kind.WHOLE_NUMBER && kind != Kind.TEXT_SET) {
            throw new IllegalArgumentException("field " + name + ": only text, a number or a set of texts is derived");
        }
        if (defaultValue != null && kind != Kind.TEXT && kind != Kind.WHOLE_NUMBER) {
            throw new IllegalArgumentException("field " + name + ": only text or a number has a default");
        }
        if (kind == Kind.TEXT_SET && (members.size() != 1 || members.get(0).kind != Kind.TEXT)) {
            throw new IllegalArgumentException("field " + name + ": a set holds texts of one declaration");
        }
        if (derivation != null && (isRequired || isUnique || example != null || defaultValue != null)) {
            // It is never given, so never required, and what its derivation makes is its example.
            throw new IllegalArgumentException(
                    "field " + name + ": a derived value is neither required, unique, given an example nor a default");
        }
        if (defaultValue != null && isRequired) {
            throw new IllegalArgumentException("field " + name + ": a required field has no default");
        }
        if (parentCopy != null) {
            checkParentCopy(
                    name, kind, isRequired, isImmutable, isUnique, example, defaultValue, derivation, parentCopy);
        }
        if (kind == Kind.LABELLED
                && (members.size() != 1
                        || members.get(0).kind == Kind.LABELLED
                        || members.get(0).kind == Kind.ITEMS
                        || members.get(0).kind == Kind.TEXT_SET)) {
            throw new IllegalArgumentException(
                    "field " + name + ": values by label are of one kind, text, a number or an object");
        }
    }

    /**
     * Refuses a copy of the parent that its declaration could not hold: a copy is the parent's, so neither derived,
     * unique nor defaulted; one copied whole ({@link #copiedFromParent}) is never given, so never required and shown by
     * no example; one chosen by label ({@link #chosenFromParent}) is given as a label, its example one, and never
     * changes.
     */
    private static void checkParentCopy(
            String name,
            Kind kind,
            boolean isRequired,
            boolean isImmutable,
            boolean isUnique,
            Object example,
            Object defaultValue,
            Derivation derivation,
            ParentCopy parentCopy) {
        if (derivation != null || isUnique || defaultValue != null) {
            throw new IllegalArgumentException(
                    "field " + name + ": a copy of the parent's is neither derived, unique nor defaulted");
        }
        if (parentCopy.labelled() == null) {
            if (isRequired
                    || example != null
                    || kind != Kind.TEXT && kind != Kind.WHOLE_NUMBER && kind != Kind.OBJECT) {
                throw new IllegalArgumentException("field " + name
                        + ": a copy of the parent's fields is text, a number or an object, never given, so neither"
                        + " required nor shown by an example");
            }
        } else if (parentCopy.labelled().kind != Kind.LABELLED
                || !isImmutable
                || example != null && !(example instanceof String)) {
            throw new IllegalArgumentException("field " + name
                    + ": a value chosen by label is of values by label, never changes, and its example is a label");
        }
    }

    /** Free text of 1 to {@link #DEFAULT_MAX_LENGTH} characters, trimmed, optional. */
    public static Field text(String name) {
        return optional(name, Kind.TEXT, 1, DEFAULT_MAX_LENGTH, null, List.of());
    }

    /** A whole number from 0 to {@link Long#MAX_VALUE}, optional. */
    public static Field wholeNumber(String name) {
        return optional(name, Kind.WHOLE_NUMBER, 0, Long.MAX_VALUE, null, List.of());
    }

    /** A field of {@code kind} with nothing refined yet: optional, of any shape, as given, mutable, not unique. */
    private static Field optional(String name, Kind kind, long min, long max, Object example, List<Field> members) {
        return new Field(
                name,
                kind,
                false,
                min,
                max,
                null,
                null,
                LetterCase.AS_GIVEN,
                false,
                false,
                example,
                members,
                null,
                null,
                null,
                null);
    }

    /**
     * An object of its own fields, {@code members} (text and whole numbers), optional: given whole (a change replaces
     * it whole), each member judged by its own declaration, a member that is not declared refused. Its example is its
     * members' examples.
     */
    public static Field object(String name, Field... members) {
        Map<String, Object> example = membersExample(name, members);
        return optional(
                name,
                Kind.OBJECT,
                0,
                0,
                example.isEmpty() ? null : Collections.unmodifiableMap(example),
                List.of(members));
    }

    /**
     * Items of the subject's item collection, each an object of {@code members} (text and whole numbers) as {@link
     * #object} judges one: an order's lines. Given whole on create, as a list of 1 to {@link #DEFAULT_MAX_ITEMS} (its
     * bounds: how many), and never changed; each stored as an item of its own, {@code id = <subject>, type =
     * <itemName>#<n>} ({@link Keys#collectionItemType}), n from 1 in the order given and held in {@link
     * #numberAttribute} too, and counted on the core item
     * ({@link #countAttribute}: {@code lineCount}), so its read is one Query of the subject's partition and its delete
     * knows every key. Its example is one item of its members' examples.
     */
    public static Field items(String name, String itemName, Field... members) {
        for (Field member : members) {
            // Each is an attribute of an item of the table beside its key, kind and number.
            if (Attributes.RESERVED.contains(member.name) || member.name.equals(itemName + NUMBER_SUFFIX)) {
                throw new IllegalArgumentException(
                        "field " + name + "'s member " + member.name + " is taken: the table gives it a meaning");
            }
        }
        Map<String, Object> example = membersExample(name, members);
        return new Field(
                name,
                Kind.ITEMS,
                false,
                1,
                DEFAULT_MAX_ITEMS,
                null,
                null,
                LetterCase.AS_GIVEN,
                true,
                false,
                example.isEmpty() ? null : List.of(Collections.unmodifiableMap(example)),
                List.of(members),
                Objects.requireNonNull(itemName),
                null,
                null,
                null);
    }

    /** The examples of an object's members by name; refuses a member that is no text or number, or one named twice. */
    private static Map<String, Object> membersExample(String name, Field... members) {
        Map<String, Object> example = new LinkedHashMap<>();
        for (Field member : members) {
            if (member.kind != Kind.TEXT && member.kind != Kind.WHOLE_NUMBER || member.isUnique || member.isImmutable) {
                throw new IllegalArgumentException(
                        "field " + name + "'s member " + member.name + ": an object's member is text or a number");
            }
            if (Arrays.stream(members)
                            .filter(other -> other.name.equals(member.name))
                            .count()
                    > 1) {
                throw new IllegalArgumentException("field " + name + " has two members " + member.name);
            }
            if (member.example != null) {
                example.put(member.name, member.example);
            }
        }
        // An object is given whole, so a member's derivation is made again whenever its members are.
        checkDerivations("field " + name, List.of(members), member -> true, "a member");
        return example;
    }

    /**
     * Refuses a derivation among {@code fields} that draws on a name none of them has, on another derived value, or on
     * one that {@code lasting} refuses; {@code what} says what it must draw on.
     */
    static void checkDerivations(String owner, List<Field> fields, Predicate<Field> lasting, String what) {
        for (Field field : fields) {
            if (!field.isDerived()) {
                continue;
            }
            for (String input : field.derivation.inputs()) {
                Optional<Field> drawn = fields.stream()
                        .filter(other -> other.name.equals(input))
                        .findFirst();
                // A copy of the parent's is made after the values given, so nothing is made of one.
                if (drawn.isEmpty()
                        || drawn.get().isDerived()
                        || drawn.get().isCopiedFromParent()
                        || !lasting.test(drawn.get())) {
                    throw new IllegalArgumentException(owner + "'s " + field.name + " is derived from " + input
                            + ", which is not " + what + " beside it that is given");
                }
            }
        }
    }

    /**
     * A set of texts, each judged as {@code element} judges one (its bounds: how many), optional: given whole as a
     * list (a change replaces it whole), stored as a string set, so a text given twice (as normalised) is held once,
     * and answered in order. Its example is one element, {@code element}'s example.
     */
    public static Field textSet(String name, Field element) {
        if (element.kind != Kind.TEXT || !element.isPlain()) {
            throw new IllegalArgumentException(
                    "field " + name + "'s elements: text, neither unique, immutable, required, derived nor defaulted");
        }
        return optional(
                name,
                Kind.TEXT_SET,
                0,
                DEFAULT_MAX_ITEMS,
                element.example == null ? null : List.of(element.example),
                List.of(element));
    }

    /**
     * Whether it says nothing of a subject beyond its value: neither unique, immutable, required, derived nor
     * defaulted, as what a set or a label holds is.
     */
    private boolean isPlain() {
        return !isUnique && !isImmutable && !isRequired && !isDerived() && defaultValue == null;
    }

    /** What each text of a set is ({@link #textSet}). */
    public Field element() {
        return soleMember(Kind.TEXT_SET, "is no set");
    }

    /** The one member of a set or of values by label, which a field of {@code expected} kind has. */
    private Field soleMember(Kind expected, String otherwise) {
        if (kind != expected) {
            throw new IllegalStateException(name + " " + otherwise);
        }
        return members.get(0);
    }

    /**
     * The attribute of each of its items that holds its place among them, from 1 ({@link #items}): {@code
     * <itemName>No}, as an order's lines hold their {@code lineNo}. Written with the item and answered with it, never
     * read as a member: the item's key orders them, so its place is its position.
     */
    public String numberAttribute() {
        return itemAttribute(NUMBER_SUFFIX);
    }

    /** The attribute of the core item that counts its items ({@link #items}): {@code <itemName>Count}. */
    public String countAttribute() {
        return itemAttribute("Count");
    }

    private String itemAttribute(String suffix) {
        if (kind != Kind.ITEMS) {
            throw new IllegalStateException(name + " holds no items");
        }
        return itemName + suffix;
    }

    /**
     * Values of the field {@code value} (text, a number or an object) by label ({@link #LABEL}), at most {@link
     * #DEFAULT_MAX_LABELS} (its bounds: how many labels), optional: given whole, each value judged by {@code value}'s
     * declaration, stored in label order. Its example is one label, {@code main}, holding {@code value}'s example.
     */
    public static Field labelled(String name, Field value) {
        if (!value.isPlain()) {
            throw new IllegalArgumentException("field " + name
                    + "'s values: a value by label is neither unique, immutable, required, derived nor defaulted");
        }
        return optional(
                name,
                Kind.LABELLED,
                0,
                DEFAULT_MAX_LABELS,
                value.example == null ? null : Map.of("main", value.example),
                List.of(value));
    }

    /** What a labelled field holds under each label. */
    public Field labelledValue() {
        return soleMember(Kind.LABELLED, "holds no values by label");
    }

    /** A new subject must have it. */
    public Field required() {
        return changed(draft -> draft.isRequired = true);
    }

    /** Its bounds: a text's length, a number's value. */
    public Field between(long newMin, long newMax) {
        return changed(draft -> {
            draft.min = newMin;
            draft.max = newMax;
        });
    }

    /** A text that matches {@code regex} whole; a refused one is told {@code message}. */
    public Field matching(String regex, String message) {
        return changed(draft -> {
            draft.shape = Pattern.compile(regex);
            draft.shapeMessage = message;
        });
    }

    /** Stored lower-cased, so values that differ only in letter case are one value (and one, if unique). */
    public Field lowerCased() {
        return changed(draft -> draft.letterCase = LetterCase.LOWER);
    }

    /** Stored upper-cased (a country code), so values that differ only in letter case are one value. */
    public Field upperCased() {
        return changed(draft -> draft.letterCase = LetterCase.UPPER);
    }

    /** Set when the subject is created, never changed. */
    public Field immutable() {
        return changed(draft -> draft.isImmutable = true);
    }

    /** No two subjects of the entity in one business hold the same value (as normalised). */
    public Field unique() {
        return changed(draft -> draft.isUnique = true);
    }

    /** A value the contract and the sample requests show. */
    public Field example(Object value) {
        return changed(draft -> draft.example = value);
    }

    /**
     * Never given: made by {@code from} out of the stored values of {@code inputs}, the fields (or members) beside it,
     * when they are given, and stored with them; {@code says} how, in words, for the contract. A field of a subject is
     * made when the subject is created, so its inputs must be fields that never change (an order's total, of its
     * lines); a member of an object or of an item, whenever its object is given. What {@code from} makes is judged by
     * the field's bounds and shape as a given value is (a refused one is a 422 naming the field); null is no value.
     */
    public Field derived(String says, List<String> inputs, Function<Map<String, Object>, ?> from) {
        Derivation derivation = new Derivation(says, inputs, from);
        return changed(draft -> draft.derivation = derivation);
    }

    /**
     * Never given: a copy of its subject's parent's field of its name (an object: of its members' names), as the parent
     * holds it when the subject is created, which later changes of the parent leave as it is (an order's customer
     * name). Its subject's entity is a child of an entity declared with those fields ({@link Entity.Builder#childOf}).
     * What it copies is judged by its own bounds and shape, as a given value is.
     */
    public Field copiedFromParent() {
        return changed(draft -> {
            // An object's example is its members', but a copy is never given, so never shown as given.
            draft.example = null;
            draft.parentCopy = new ParentCopy(null);
        });
    }

    /**
     * Given on create as one label of its subject's parent's field of values by label, {@code labelled}; holds a copy of
     * the value under that label as the parent holds it then, which later changes of the parent leave as it is (an
     * order's ship-to address, chosen from its customer's mailing addresses), and never changes. Its example is the
     * first label of {@code labelled}'s example. Optional unless {@link #required}.
     */
    public static Field chosenFromParent(String name, Field labelled) {
        Field value = labelled.labelledValue();
        Object example = labelled.example instanceof Map<?, ?> byLabel && !byLabel.isEmpty()
                ? new TreeMap<>(byLabel).firstKey()
                : null;
        return new Field(
                name,
                value.kind,
                false,
                value.min,
                value.max,
                value.shape,
                value.shapeMessage,
                value.letterCase,
                true,
                false,
                example,
                value.members,
                null,
                null,
                null,
                new ParentCopy(labelled));
    }

    /**
     * Its example as a subject holds it, not normalised: of a value chosen by label ({@link #chosenFromParent}), what
     * its parent's example holds under that label; of an object copied from the parent, its members' examples; null
     * for none.
     */
    public Object storedExample() {
        if (isChosenFromParent()) {
            return example != null && parentCopy.labelled().example instanceof Map<?, ?> byLabel
                    ? byLabel.get(example)
                    : null;
        }
        if (isCopiedFromParent() && kind == Kind.OBJECT) {
            Map<String, Object> members = membersExample(name, this.members.toArray(Field[]::new));
            return members.isEmpty() ? null : Collections.unmodifiableMap(members);
        }
        return example;
    }

    /** Whether its value is a copy of its subject's parent's ({@link #copiedFromParent}, {@link #chosenFromParent}). */
    public boolean isCopiedFromParent() {
        return parentCopy != null;
    }

    /** Whether it is given as a label of its subject's parent's values by label ({@link #chosenFromParent}). */
    public boolean isChosenFromParent() {
        return parentCopy != null && parentCopy.labelled() != null;
    }

    /** What is wrong with {@code given} as the label a request chooses a value by ({@link #chosenFromParent}). */
    public Optional<String> labelProblem(Object given) {
        return given instanceof String label && LABEL_SHAPE.matcher(label).matches()
                ? Optional.empty()
                : Optional.of("must be a label of the " + parentCopy.labelled().name + " held: " + LABEL_MESSAGE);
    }

    /**
     * What it copies of {@code parent}, the parent's values as stored; for a value chosen by label, the value under
     * {@code label}. Empty when the parent holds none.
     */
    public Optional<Object> copiedFrom(Map<String, Object> parent, Object label) {
        if (isChosenFromParent()) {
            return parent.get(parentCopy.labelled().name) instanceof Map<?, ?> byLabel
                    ? Optional.ofNullable(byLabel.get(label))
                    : Optional.empty();
        }
        if (kind != Kind.OBJECT) {
            return Optional.ofNullable(parent.get(name));
        }
        Map<String, Object> members = eachMember(parent::get, (member, value) -> value);
        return members.isEmpty() ? Optional.empty() : Optional.of(members);
    }

    /** Whether its value is made of others' ({@link #derived}), never given. */
    public boolean isDerived() {
        return derivation != null;
    }

    /** What a request that gives a derived field's value is told. */
    public String neverGiven() {
        return "is made of " + String.join(", ", derivation.inputs()) + ", never given";
    }

    /**
     * The value a new subject holds when its request leaves the field out (an object's or an item's member: when the
     * object leaves it out); it must be a value the field takes, as the declaration says up to here.
     */
    public Field byDefault(Object value) {
        Field defaulted = changed(draft -> draft.defaultValue = Objects.requireNonNull(value));
        defaulted.problem(value).ifPresent(problem -> {
            throw new IllegalArgumentException("field " + name + "'s default " + value + " " + problem);
        });
        return defaulted;
    }

    /** The member of an object called {@code memberName}. */
    public Optional<Field> member(String memberName) {
        return members.stream().filter(member -> member.name.equals(memberName)).findFirst();
    }

    /**
     * What is wrong with {@code given} (a value as a JSON body holds it: a string, an integral number, or an object of
     * such values), or empty when it is acceptable. The value is judged as it will be stored: trimmed, and in the letter
     * case the field says. Of an object, the first of its members' problems, named by the member.
     */
    public Optional<String> problem(Object given) {
        if (kind == Kind.OBJECT) {
            return objectProblem(given);
        }
        if (kind == Kind.ITEMS) {
            return itemsProblem(given);
        }
        if (kind == Kind.LABELLED) {
            return labelledProblem(given);
        }
        if (kind == Kind.TEXT_SET) {
            return setProblem(given);
        }
        if (kind == Kind.WHOLE_NUMBER) {
            if (!(given instanceof Integer || given instanceof Long)) {
                return Optional.of("must be a whole number");
            }
            long value = ((Number) given).longValue();
            return value < min || value > max
                    ? Optional.of("must be between " + min + " and " + max)
                    : Optional.empty();
        }
        if (!(given instanceof String text)) {
            return Optional.of("must be text");
        }
        String value = normalisedText(text);
        if (value.length() < min || value.length() > max) {
            return Optional.of(
                    min == max ? "must be " + min + " characters" : "must be " + min + " to " + max + " characters");
        }
        if (!FREE_TEXT_SHAPE.matcher(value).matches()) {
            return Optional.of(FREE_TEXT_MESSAGE);
        }
        if (shape != null && !shape.matcher(value).matches()) {
            return Optional.of(shapeMessage);
        }
        return Optional.empty();
    }

    private Optional<String> labelledProblem(Object given) {
        if (!(given instanceof Map<?, ?> byLabel)) {
            return Optional.of("must be an object of values by label");
        }
        if (byLabel.size() < min || byLabel.size() > max) {
            return Optional.of("must hold " + min + " to " + max + " labels");
        }
        for (Map.Entry<?, ?> entry : byLabel.entrySet()) {
            if (!(entry.getKey() instanceof String label)
                    || !LABEL_SHAPE.matcher(label).matches()) {
                return Optional.of("label '" + entry.getKey() + "' must be " + LABEL_MESSAGE);
            }
            Optional<String> problem = entry.getValue() == null
                    ? Optional.of("is required")
                    : labelledValue().problem(entry.getValue());
            if (problem.isPresent()) {
                return Optional.of(label + ": " + problem.get());
            }
        }
        return Optional.empty();
    }

    private Optional<String> setProblem(Object given) {
        if (!(given instanceof java.util.Collection<?> texts)) {
            return Optional.of("must be a list of texts");
        }
        if (texts.size() < min || texts.size() > max) {
            return Optional.of("must hold " + min + " to " + max + " texts");
        }
        for (Object text : texts) {
            Optional<String> problem =
                    text == null ? Optional.of("must be text") : element().problem(text);
            if (problem.isPresent()) {
                return Optional.of("'" + text + "': " + problem.get());
            }
        }
        return Optional.empty();
    }

    private Optional<String> itemsProblem(Object given) {
        if (!(given instanceof List<?> items)) {
            return Optional.of("must be a list of items");
        }
        if (items.size() < min || items.size() > max) {
            return Optional.of("must hold " + min + " to " + max + " items");
        }
        for (int n = 0; n < items.size(); n++) {
            Optional<String> problem = objectProblem(items.get(n));
            if (problem.isPresent()) {
                return Optional.of("item " + (n + 1) + ": " + problem.get());
            }
        }
        return Optional.empty();
    }

    private Optional<String> objectProblem(Object given) {
        if (!(given instanceof Map<?, ?> object)) {
            return Optional.of("must be an object");
        }
        for (Object key : object.keySet()) {
            if (!(key instanceof String memberName) || member(memberName).isEmpty()) {
                return Optional.of("has no field '" + key + "'");
            }
            if (member(memberName).get().isDerived()) {
                return Optional.of(memberName + ": " + member(memberName).get().neverGiven());
            }
        }
        for (Field member : members) {
            Object value = object.get(member.name);
            if (value == null) {
                if (member.isRequired) {
                    return Optional.of(member.name + ": is required");
                }
            } else {
                Optional<String> problem = member.problem(value);
                if (problem.isPresent()) {
                    return Optional.of(member.name + ": " + problem.get());
                }
            }
        }
        return derivationProblems(members, normalisedObject(object)).stream()
                .findFirst()
                .map(problem -> problem.field() + ": " + problem.message());
    }

    /** What the bounds and shapes of the derived fields among {@code fields} refuse of their values in {@code made}. */
    static List<DeclaredValues.Problem> derivationProblems(List<Field> fields, Map<String, Object> made) {
        return fields.stream()
                .filter(field -> field.isDerived() && made.get(field.name) != null)
                .flatMap(field -> field.problem(made.get(field.name)).stream()
                        .map(problem -> new DeclaredValues.Problem(
                                field.name,
                                "is made of " + String.join(", ", field.derivation.inputs()) + " and " + problem)))
                .toList();
    }

    /**
     * {@code values} (stored values of {@code fields}, and maybe more) with the value each derived field among
     * {@code fields} makes of them, in the order of declaration first.
     */
    public static Map<String, Object> withDerived(List<Field> fields, Map<String, Object> values) {
        Map<String, Object> given = Collections.unmodifiableMap(values);
        Map<String, Object> made = new LinkedHashMap<>();
        for (Field field : fields) {
            Object value = field.isDerived() ? field.derive(given) : values.get(field.name);
            if (value != null) {
                made.put(field.name, value);
            }
        }
        // What else the values hold (a parent's id) follows; a derived field's own is what its derivation made.
        values.forEach((name, value) -> {
            if (fields.stream().noneMatch(field -> field.isDerived() && field.name.equals(name))) {
                made.putIfAbsent(name, value);
            }
        });
        return made;
    }

    /** What its derivation makes of {@code values}, as stored; null for no value. */
    private Object derive(Map<String, Object> values) {
        Object made = derivation.from().apply(values);
        return made == null ? null : normalised(made instanceof Number number ? (Object) number.longValue() : made);
    }

    /**
     * {@code given} without the derived values in it, nor in its objects' or items' members, nor its items' places
     * ({@link #numberAttribute}): a value as answered (an export's), read again as a request gives one, so that what is
     * made of it is made again.
     */
    public Object withoutDerived(Object given) {
        return switch (kind) {
            case OBJECT -> given instanceof Map<?, ?> object ? withoutDerivedMembers(object) : given;
            case ITEMS -> given instanceof List<?> items
                    ? items.stream()
                            .map(item -> item instanceof Map<?, ?> object ? withoutNumber(object) : item)
                            .toList()
                    : given;
            case LABELLED -> {
                if (!(given instanceof Map<?, ?> byLabel)) {
                    yield given;
                }
                Map<Object, Object> kept = new LinkedHashMap<>();
                byLabel.forEach(
                        (label, value) -> kept.put(label, labelledValue().withoutDerived(value)));
                yield kept;
            }
            case TEXT, WHOLE_NUMBER, TEXT_SET -> given;
        };
    }

    /** One of its items as answered, without what is made of it: its derived members, and its place. */
    private Map<Object, Object> withoutNumber(Map<?, ?> item) {
        Map<Object, Object> kept = withoutDerivedMembers(item);
        kept.remove(numberAttribute());
        return kept;
    }

    private Map<Object, Object> withoutDerivedMembers(Map<?, ?> object) {
        Map<Object, Object> kept = new LinkedHashMap<>(object);
        members.stream().filter(Field::isDerived).forEach(member -> kept.remove(member.name));
        return kept;
    }

    /**
     * {@code given} as it is stored: a text trimmed (and in the field's letter case), a number as a long, an object
     * as its members' values, in the order of declaration, without the members it lacks.
     */
    public Object normalised(Object given) {
        return switch (kind) {
            case WHOLE_NUMBER -> ((Number) given).longValue();
            case TEXT -> normalisedText((String) given);
            case OBJECT -> normalisedObject((Map<?, ?>) given);
            case ITEMS -> ((List<?>) given)
                    .stream().map(item -> normalisedObject((Map<?, ?>) item)).toList();
            case TEXT_SET -> {
                SortedSet<String> texts = new TreeSet<>();
                ((java.util.Collection<?>) given)
                        .forEach(text -> texts.add((String) element().normalised(text)));
                yield Collections.unmodifiableSortedSet(texts);
            }
            case LABELLED -> {
                Map<String, Object> stored = new TreeMap<>();
                ((Map<?, ?>) given)
                        .forEach((label, value) ->
                                stored.put((String) label, labelledValue().normalised(value)));
                yield Collections.unmodifiableMap(stored);
            }
        };
    }

    /**
     * An object as it is stored: its members' values (a default for one it leaves out, each derived one made), in the
     * order of declaration, without the members it lacks.
     */
    private Map<String, Object> normalisedObject(Map<?, ?> object) {
        Map<String, Object> given = eachMember(
                name -> object.get(name) != null
                        ? object.get(name)
                        : member(name).map(Field::defaultValue).orElse(null),
                Field::normalised);
        return Collections.unmodifiableMap(withDerived(members, new LinkedHashMap<>(given)));
    }

    /**
     * Each member's value made by {@code value} from what {@code held} holds under its name, in the order of
     * declaration, without the members it holds nothing for.
     */
    private <T> Map<String, Object> eachMember(Function<String, T> held, BiFunction<Field, T, Object> value) {
        Map<String, Object> made = new LinkedHashMap<>();
        for (Field member : members) {
            T part = held.apply(member.name);
            if (part != null) {
                made.put(member.name, value.apply(member, part));
            }
        }
        return Collections.unmodifiableMap(made);
    }

    /**
     * The value as a DynamoDB attribute: a string, a number, or a map of its members' or its labels' values. Items are
     * no attribute of the core item: each is an item of its own ({@link #itemAttributes}).
     */
    @SuppressWarnings("unchecked") // a set's value is what normalised made it, a set of texts
    public AttributeValue toAttribute(Object value) {
        return switch (kind) {
            case WHOLE_NUMBER -> Values.n((Long) value);
            case TEXT -> Values.s((String) value);
            case ITEMS -> throw new IllegalStateException(name + "'s items are items of their own, not an attribute");
            case TEXT_SET -> Values.ss(Set.copyOf((java.util.Collection<String>) value));
            case OBJECT, LABELLED -> {
                Map<String, AttributeValue> map = new LinkedHashMap<>();
                ((Map<?, ?>) value)
                        .forEach((key, part) ->
                                map.put((String) key, partAt((String) key).toAttribute(part)));
                yield AttributeValue.fromM(map);
            }
        };
    }

    /** What holds the value under {@code key}: an object's member of that name, or a labelled field's one value field. */
    private Field partAt(String key) {
        return kind == Kind.LABELLED ? labelledValue() : member(key).orElseThrow();
    }

    /**
     * The value a stored attribute holds, as {@link #normalised} gives it; a member the field no longer declares is left
     * out.
     */
    public Object fromAttribute(AttributeValue value) {
        return switch (kind) {
            case WHOLE_NUMBER -> Long.parseLong(value.n());
            case TEXT -> value.s();
            case ITEMS -> throw new IllegalStateException(name + "'s items are items of their own, not an attribute");
            case TEXT_SET -> Collections.unmodifiableSortedSet(new TreeSet<>(value.ss()));
            case OBJECT -> membersOf(value.m());
            case LABELLED -> {
                Map<String, Object> read = new TreeMap<>();
                value.m()
                        .forEach(
                                (label, held) -> read.put(label, labelledValue().fromAttribute(held)));
                yield Collections.unmodifiableMap(read);
            }
        };
    }

    /** One of its items' attributes, its members' values by name, as {@link #toAttribute} stores an object's. */
    public Map<String, AttributeValue> itemAttributes(Object item) {
        return objectAttributes((Map<?, ?>) item);
    }

    /** One of its items as {@link #normalised} gives it, from the attributes of its item. */
    public Map<String, Object> itemFrom(Map<String, AttributeValue> item) {
        return membersOf(item);
    }

    private Map<String, AttributeValue> objectAttributes(Map<?, ?> object) {
        Map<String, AttributeValue> map = new LinkedHashMap<>();
        object.forEach((key, part) ->
                map.put((String) key, member((String) key).orElseThrow().toAttribute(part)));
        return map;
    }

    /** An object's members' values from the attributes that hold them; a member no longer declared is left out. */
    private Map<String, Object> membersOf(Map<String, AttributeValue> attributes) {
        return eachMember(attributes::get, Field::fromAttribute);
    }

    /** A declaration being refined: the one place that lists every component. */
    private static final class Draft {
        private final String name;
        private final Kind kind;
        private boolean isRequired;
        private long min;
        private long max;
        private Pattern shape;
        private String shapeMessage;
        private LetterCase letterCase;
        private boolean isImmutable;
        private boolean isUnique;
        private Object example;
        private final List<Field> members;
        private final String itemName;
        private Object defaultValue;
        private Derivation derivation;
        private ParentCopy parentCopy;

        private Draft(Field field) {
            name = field.name;
            kind = field.kind;
            isRequired = field.isRequired;
            min = field.min;
            max = field.max;
            shape = field.shape;
            shapeMessage = field.shapeMessage;
            letterCase = field.letterCase;
            isImmutable = field.isImmutable;
            isUnique = field.isUnique;
            example = field.example;
            members = field.members;
            itemName = field.itemName;
            defaultValue = field.defaultValue;
            derivation = field.derivation;
            parentCopy = field.parentCopy;
        }

        private Field field() {
            return new Field(
                    name,
                    kind,
                    isRequired,
                    min,
                    max,
                    shape,
                    shapeMessage,
                    letterCase,
                    isImmutable,
                    isUnique,
                    example,
                    members,
                    itemName,
                    defaultValue,
                    derivation,
                    parentCopy);
        }
    }

    private String normalisedText(String text) {
        String trimmed = text.trim();
        return switch (letterCase) {
            case AS_GIVEN -> trimmed;
            case LOWER -> trimmed.toLowerCase(Locale.ROOT);
            case UPPER -> trimmed.toUpperCase(Locale.ROOT);
        };
    }

    /** This declaration with what {@code change} sets in a draft of it. */
    private Field changed(Consumer<Draft> change) {
        Draft draft = new Draft(this);
        change.accept(draft);
        return draft.field();
    }
}
