package io.entitytable.api.contract;

import io.entitytable.api.input.Inputs;
import io.entitytable.api.input.Patterns;
import io.entitytable.api.input.TimeRange;
import io.entitytable.api.response.StoreJobResponse;
import io.entitytable.api.routes.ApiRoutes;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import io.entitytable.model.FieldList;
import io.entitytable.model.Keys;
import io.entitytable.model.ListFilter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.parameters.RequestBody;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * The operations and schemas of every entity declared by its fields, made from its declaration. Its routes are served
 * by resources common to all such entities ({@code api/declared}), which the generator cannot describe per entity,
 * so they are hidden there and written here, as the generator would have written them: {@link ContractFilter} then
 * completes them from their {@link ApiOperation} entries as it does every other operation.
 */
final class DeclaredContract {
    private static final String SCHEMAS = "#/components/schemas/";
    private static final String SUBJECTS = "SubjectResponse";
    /** The property by which the union of subjects tells them apart (SubjectResponse's discriminator). */
    private static final String ENTITY = "entity";
    /** The tag of the routes over relationship copies, as the resources' own routes name it. */
    private static final String RELATIONSHIPS = "Relationships and tags";

    private DeclaredContract() {}

    /**
     * Adds each declared entity's schemas, and its schema to the union of subjects; and the operations of those the
     * generic routes serve (the tenant's resources are its own, and the generator writes theirs).
     */
    static void addTo(OpenAPI openApi) {
        Entity.all().forEach(entity -> schemas(openApi, entity));
        EntityNames.children().forEach(entity -> operations(openApi, entity));
    }

    /** The tag its operations are listed under, and what it says. */
    static String tagDescription(Entity entity) {
        return "The " + entity.collection() + " of a business, declared by their fields: created, read, changed,"
                + " deleted, tagged, and listed by "
                + entity.orderedBy() + ".";
    }

    private static void schemas(OpenAPI openApi, Entity entity) {
        String type = ApiRoutes.typeName(entity);
        Schema subject = object(
                        entity.isTenant()
                                ? "A " + entity.keyName() + ": the tenant that owns everything else"
                                : EntityNames.withCapitalArticle(entity) + " of "
                                        + entity.parent()
                                                .map(EntityNames::withArticle)
                                                .orElse("a business"))
                .addProperty(ENTITY, text().enumeration(List.of(entity.keyName())))
                .addProperty(Attributes.ID, text());
        if (!entity.isTenant()) {
            subject.addProperty(
                    Attributes.BUSINESS_ID,
                    text().description("The owning business; absent when the subject is read from a copy ("
                            + entity.link()
                                    .map(link -> "a " + link.target().keyName() + "'s " + entity.collection() + ", ")
                                    .orElse("")
                            + entity.linkedBy()
                                    .map(link -> "a " + link.owner().keyName() + "'s " + entity.collection() + ", ")
                                    .orElse("")
                            + "a tag), because copies never carry index attributes"));
        }
        entity.parentAttribute()
                .ifPresent(attribute -> subject.addProperty(
                        attribute,
                        text().description(
                                        "The " + entity.parent().orElseThrow().keyName() + " the " + entity.keyName()
                                                + " belongs to; absent when it is read from a copy")));
        entity.fields().forEach(field -> subject.addProperty(field.name(), stored(entity, field)));
        entity.itemFields()
                .forEach(field -> subject.addProperty(
                        field.countAttribute(),
                        OASFactory.createSchema()
                                .addType(Schema.SchemaType.INTEGER)
                                .format("int64")
                                .description("How many " + field.name() + " the " + entity.keyName() + " has")));
        entity.link()
                .ifPresent(link -> subject.addProperty(
                        link.attribute(),
                        textSet()
                                .description("The " + link.target().collection() + " the " + entity.keyName()
                                        + " links, by id, empty when it links none; changed by its link routes")));
        subject.addProperty(Attributes.TAGS, textSet())
                .addProperty(
                        Attributes.VERSION,
                        OASFactory.createSchema()
                                .addType(Schema.SchemaType.INTEGER)
                                .format("int64")
                                .description("Grows by one with every change; the ETag carries it"))
                .addProperty("createdAt", ref("Instant"))
                .addProperty("updatedAt", ref("Instant"));
        if (entity.lifecycle().isPresent()) {
            subject.addProperty(
                    "archived",
                    OASFactory.createSchema()
                            .addType(Schema.SchemaType.BOOLEAN)
                            .description("True when the " + entity.keyName() + " is finished and was read from the"
                                    + " archive, where it no longer changes (a change of it is a 409); absent for "
                                    + EntityNames.withArticle(entity) + " read from the table"));
        }
        Schema create = object(null);
        List<String> required = new ArrayList<>();
        for (Field field : given(entity.fields())) {
            create.addProperty(field.name(), given(field, entity));
            if (field.isRequired()) {
                required.add(field.name());
            }
        }
        // As the body's reader takes them (DeclaredBody): at most so many, each a tag.
        create.addProperty(Attributes.TAGS, textSet().maxItems(Inputs.MAX_TAGS).items(text().pattern(Patterns.TAG)))
                .required(required.isEmpty() ? null : required);
        Schema patch = object(null);
        given(entity.fields()).stream()
                .filter(field -> !field.isImmutable())
                // A default is what a create leaves out; a change that leaves a field out keeps its value.
                .forEach(field ->
                        patch.addProperty(field.name(), given(field, entity).defaultValue(null)));
        openApi.getComponents()
                .addSchema(type, subject)
                .addSchema("Create" + type, create)
                .addSchema("Patch" + type, patch);
        if (!entity.isTenant()) {
            // The tenant is in no list of its own kind.
            Schema page = object(null)
                    .addProperty(
                            "items",
                            OASFactory.createSchema()
                                    .addType(Schema.SchemaType.ARRAY)
                                    .items(ref(type)))
                    .addProperty("next", text());
            openApi.getComponents().addSchema(pageName(entity), page);
        }
        Schema union = openApi.getComponents().getSchemas().get(SUBJECTS);
        if (union == null) {
            throw new IllegalStateException("no schema " + SUBJECTS + " in the document");
        }
        union.addOneOf(ref(type));
        union.getDiscriminator().addMapping(entity.keyName(), SCHEMAS + type);
    }

    private static String pageName(Entity entity) {
        return "Page" + ApiRoutes.typeName(entity) + "Response";
    }

    /**
     * A field of {@code entity} as a subject holds it: its kind, and what the declaration promises of it; an object, its
     * members'. A copy of the parent's made whole is never given, so read-only.
     */
    private static Schema stored(Entity entity, Field field) {
        Schema schema = stored(field, null);
        copy(entity, field).ifPresent(says -> schema.description(joined(says, schema.getDescription())));
        if (field.isCopiedFromParent() && !field.isChosenFromParent()) {
            schema.readOnly(true);
        }
        return schema;
    }

    /** What a copy of its parent's values ({@link Field#isCopiedFromParent}) copies, and when, in words. */
    private static Optional<String> copy(Entity entity, Field field) {
        if (!field.isCopiedFromParent()) {
            return Optional.empty();
        }
        String parent = entity.parent().orElseThrow().keyName();
        String kept = "later changes of the " + parent + " leave it as it is";
        if (field.isChosenFromParent()) {
            return Optional.of("Given on create as a label of the " + parent + "'s `"
                    + field.parentCopy().labelled().name() + "`: a copy of the value under it as the " + parent
                    + " holds it then; " + kept);
        }
        List<String> copied = field.kind() == Field.Kind.OBJECT
                ? field.members().stream().map(Field::name).toList()
                : List.of(field.name());
        return Optional.of("Copied from the " + parent + "'s "
                + String.join(
                        ", ", copied.stream().map(name -> "`" + name + "`").toList()) + " when the "
                + entity.keyName() + " is created, never given; " + kept);
    }

    private static String joined(String first, String then) {
        return then == null ? first + "." : first + ". " + then;
    }

    /** {@code field} as held, a member of the object {@code in} when that is not null. */
    private static Schema stored(Field field, Field in) {
        Schema schema = kind(field).description(promises(field, null, in));
        if (field.isDerived()) {
            schema.readOnly(true);
        }
        if (field.kind() == Field.Kind.LABELLED) {
            return schema.additionalPropertiesSchema(stored(field.labelledValue(), field));
        }
        if (field.kind() == Field.Kind.TEXT_SET) {
            return schema.uniqueItems(true).items(stored(field.element(), field));
        }
        Schema object = field.kind() == Field.Kind.ITEMS ? object(null) : schema;
        if (field.kind() == Field.Kind.ITEMS) {
            object.addProperty(
                    field.numberAttribute(),
                    OASFactory.createSchema()
                            .addType(Schema.SchemaType.INTEGER)
                            .format("int64")
                            .readOnly(true)
                            .description("Its place among the " + field.name() + ", from 1, never given"));
        }
        field.members().forEach(member -> object.addProperty(member.name(), stored(member, field)));
        return field.kind() == Field.Kind.ITEMS ? schema.items(object) : schema;
    }

    /** The fields a request may give: not those made of others, nor copies of the parent's made whole. */
    private static List<Field> given(List<Field> fields) {
        return fields.stream()
                .filter(field -> !field.isDerived() && (!field.isCopiedFromParent() || field.isChosenFromParent()))
                .toList();
    }

    /** A field as a request gives it: its kind, bounds and shape, and what the declaration says of it. */
    private static Schema given(Field field, Entity entity) {
        return given(field, entity, null);
    }

    /** {@code field} as given, a member of the object {@code in} when that is not null. */
    private static Schema given(Field field, Entity entity, Field in) {
        if (field.isChosenFromParent()) {
            // Given as the label the value is chosen by, which a labelled field's own labels are judged as.
            return text().pattern(Field.LABEL)
                    .description(joined(
                            copy(entity, field).orElseThrow(), field.isRequired() ? "Required on create." : null))
                    .examples(field.example() == null ? null : List.of(field.example()));
        }
        Schema schema = kind(field).description(promises(field, entity, in));
        switch (field.kind()) {
            case WHOLE_NUMBER -> schema.minimum(BigDecimal.valueOf(field.min()))
                    .maximum(BigDecimal.valueOf(field.max()));
            case TEXT -> {
                schema.minLength((int) field.min()).maxLength((int) field.max());
                if (field.shape() == null) {
                    // A level of a list by fields is part of a key, so it may not hold the keys' separator.
                    schema.pattern(isListLevel(entity, field) ? Patterns.KEY_PART : Patterns.TEXT);
                } else {
                    schema.pattern(EcmaPatterns.shape(
                            field.shape().pattern(), field.letterCase() != Field.LetterCase.AS_GIVEN));
                }
            }
            case OBJECT -> givenMembers(schema, field, entity);
            case ITEMS -> schema.minItems((int) field.min())
                    .maxItems((int) field.max())
                    .items(givenMembers(object(null), field, entity));
            case LABELLED -> schema.maxProperties((int) field.max())
                    .additionalPropertiesSchema(given(field.labelledValue(), entity, field));
            case TEXT_SET -> schema.minItems((int) field.min())
                    .maxItems((int) field.max())
                    .items(given(field.element(), entity, field));
        }
        if (field.example() != null) {
            schema.examples(List.of(field.example()));
        }
        if (field.defaultValue() != null) {
            schema.defaultValue(field.defaultValue());
        }
        return schema;
    }

    /** {@code object} with the members of {@code field} (an object, or each of its items) as a request gives them. */
    private static Schema givenMembers(Schema object, Field field, Entity entity) {
        List<String> required = new ArrayList<>();
        for (Field member : given(field.members())) {
            object.addProperty(member.name(), given(member, entity, field));
            if (member.isRequired()) {
                required.add(member.name());
            }
        }
        return object.required(required.isEmpty() ? null : required);
    }

    private static boolean isListLevel(Entity entity, Field field) {
        return entity.fieldList().stream()
                .flatMap(list -> list.levels().stream())
                .anyMatch(level -> level.field() == field);
    }

    private static Schema kind(Field field) {
        return switch (field.kind()) {
            case WHOLE_NUMBER -> OASFactory.createSchema()
                    .addType(Schema.SchemaType.INTEGER)
                    .format("int64");
            case TEXT -> text();
            case OBJECT, LABELLED -> OASFactory.createSchema().addType(Schema.SchemaType.OBJECT);
            case ITEMS, TEXT_SET -> OASFactory.createSchema().addType(Schema.SchemaType.ARRAY);
        };
    }

    /**
     * What the declaration says of the field, in words; {@code entity} null for the stored form, {@code in} the object
     * it is a member of, or null.
     */
    private static String promises(Field field, Entity entity, Field in) {
        List<String> says = new ArrayList<>();
        if (entity != null && field.isRequired()) {
            says.add(in == null ? "Required on create" : "Required in every " + in.name());
        }
        if (entity != null && field.kind() == Field.Kind.OBJECT) {
            says.add("Given whole: a change replaces every member");
        }
        if (field.kind() == Field.Kind.ITEMS) {
            says.add("Items of their own in the subject's item collection (`"
                    + Keys.collectionItemType(field.itemName(), 1)
                    + "`, ...), each an object of its members, counted in `"
                    + field.countAttribute() + "`: a read by id answers them, a list or a change does not");
        }
        if (field.kind() == Field.Kind.TEXT_SET) {
            says.add("A set: a text given twice is held once, and the texts are answered in order");
        }
        if (entity != null && field.kind() == Field.Kind.LABELLED) {
            says.add("Values by label, each label " + Field.LABEL_MESSAGE + "; given whole: a change replaces every"
                    + " label");
        }
        if (field.isUnique()) {
            says.add("Unique within the business"
                    + (entity == null ? "" : " (a value another " + entity.keyName() + " holds is a 409)"));
        }
        if (field.isImmutable()) {
            says.add("Set on create, never changed");
        }
        if (field.isDerived()) {
            says.add("Made of "
                    + String.join(
                            ", ",
                            field.derivation().inputs().stream()
                                    .map(input -> "`" + input + "`")
                                    .toList())
                    + (in == null ? " when the subject is created" : " whenever they are given")
                    + ", never given: " + field.derivation().says());
        }
        if (entity != null && field.defaultValue() != null) {
            says.add("When left out on create: " + field.defaultValue());
        }
        if (field.kind() == Field.Kind.TEXT) {
            says.add(
                    switch (field.letterCase()) {
                        case AS_GIVEN -> "Stored trimmed";
                        case LOWER -> "Stored trimmed and lower-cased";
                        case UPPER -> "Stored trimmed and upper-cased";
                    });
        }
        if (entity != null && field.shape() != null) {
            says.add("Its value " + field.shapeMessage());
        }
        return says.isEmpty() ? null : String.join(". ", says) + ".";
    }

    private static void operations(OpenAPI openApi, Entity entity) {
        String type = ApiRoutes.typeName(entity);
        String tag = ApiRoutes.plural(entity);
        // The query's parameters in the order of their names, as the document lists those of the routes it reads from
        // the code: a generated client's list method takes them in this order.
        List<Parameter> listParameters = new ArrayList<>(List.of(query("limit"), query("next")));
        listParameters.addAll(entity.isSortedByCreation() ? timeRange(entity) : List.of(prefix(entity)));
        entity.fieldList().ifPresent(fields -> listParameters.addAll(levels(entity, fields)));
        entity.lookupField().ifPresent(field -> listParameters.add(lookup(entity, field)));
        entity.groupField().ifPresent(field -> listParameters.add(group(entity, field)));
        entity.filters().forEach(filter -> listParameters.add(filter(entity, filter)));
        if (entity.isCopiedUnderEachSku()) {
            listParameters.add(query(Attributes.SKU)
                    .description("The " + entity.collection() + " with this SKU, newest first, from their SKU"
                            + " copies; alone: with any other parameter of the list but the page's it is a 400."));
        }
        listParameters.sort(Comparator.comparing(Parameter::getName));
        Operation list = operation(tag);
        listParameters.forEach(list::addParameter);
        Operation create = operation(tag)
                .addParameter(header(SharedComponents.IDEMPOTENCY_KEY))
                .requestBody(body("Create" + type))
                .responses(success("201", ref(type)));
        PathItem collection = OASFactory.createPathItem().GET(list.responses(success("200", ref(pageName(entity)))));
        // A child of another subject is made under its parent, which also lists its children.
        entity.parent()
                .ifPresentOrElse(
                        parent -> openApi.getPaths()
                                .addPathItem(
                                        "/" + parent.collection() + "/{id}/" + entity.collection(),
                                        OASFactory.createPathItem()
                                                .POST(create)
                                                .GET(operation(tag)
                                                        .addParameter(query("limit"))
                                                        .addParameter(query("next"))
                                                        .responses(success("200", ref(pageName(entity)))))),
                        () -> collection.POST(create));
        Operation delete = operation(tag);
        if (entity.linkedBy().isPresent()) {
            delete.addParameter(query("unlink"));
        }
        delete.addParameter(header(SharedComponents.IDEMPOTENCY_KEY)).addParameter(header("If-Match"));
        PathItem byId = OASFactory.createPathItem()
                .GET(operation(tag).responses(success("200", ref(type))))
                .PATCH(operation(tag)
                        .addParameter(header("If-Match"))
                        .requestBody(body("Patch" + type))
                        .responses(success("200", ref(type))))
                .DELETE(delete);
        PathItem tags = OASFactory.createPathItem().PUT(operation(tag)).DELETE(operation(tag));
        openApi.getPaths()
                .addPathItem("/businesses/{id}/" + entity.collection(), collection)
                .addPathItem("/" + entity.collection() + "/{id}", byId)
                .addPathItem("/" + entity.collection() + "/{id}/tags/{tag}", tags);
        entity.link().ifPresent(link -> {
            String targets =
                    "/" + entity.collection() + "/{id}/" + link.target().collection();
            openApi.getPaths()
                    .addPathItem(
                            targets,
                            OASFactory.createPathItem()
                                    .GET(operation(RELATIONSHIPS)
                                            .addParameter(query("limit"))
                                            .addParameter(query("next"))
                                            .responses(success("200", ref(pageName(link.target()))))))
                    .addPathItem(
                            targets + "/{" + link.target().keyName() + "Id}",
                            OASFactory.createPathItem().PUT(operation(tag)).DELETE(operation(tag)));
        });
        entity.linkedBy().ifPresent(link -> {
            // A delete with unlink=true answers 202 with the job that removes the subject from those that link it.
            delete.responses(success("200", ref(StoreJobResponse.SCHEMA)));
            openApi.getPaths()
                    .addPathItem(
                            "/" + entity.collection() + "/{id}/job",
                            OASFactory.createPathItem()
                                    .GET(operation(tag).responses(success("200", ref(StoreJobResponse.SCHEMA)))))
                    .addPathItem(
                            "/" + entity.collection() + "/{id}/" + link.owner().collection(),
                            OASFactory.createPathItem()
                                    .GET(operation(RELATIONSHIPS)
                                            .addParameter(query("limit"))
                                            .addParameter(query("next"))
                                            .responses(success("200", ref(pageName(link.owner()))))));
        });
    }

    /**
     * The levels of a list by fields, each under its field's name: the first alone is one partition, each next one
     * narrows it, and a level needs every level above it.
     */
    private static List<Parameter> levels(Entity entity, FieldList fields) {
        List<Parameter> parameters = new ArrayList<>();
        String above = null;
        for (FieldList.Level level : fields.levels()) {
            Parameter parameter = query(level.parameter())
                    .description(
                            "The " + entity.collection() + " whose " + level.path() + " is this, in any letter case"
                                    + (above == null
                                            ? "; with it, the list is by these levels rather than by name"
                                            : "; needs " + above)
                                    + ". Must not hold '" + FieldList.SEPARATOR + "'.");
            // The route's sample request lists by the levels (the prefix, which may not be given beside them, has no
            // example then).
            if (level.field().example() instanceof String example) {
                parameter.getSchema().examples(List.of(example));
            }
            parameters.add(parameter);
            above = level.parameter();
        }
        return parameters;
    }

    /**
     * The value of the field an entity is findable by, under the field's name: with it, the list is of the subjects that
     * hold it. The route's sample request finds by it (the name prefix, which may not be given beside it, has no
     * example then).
     */
    private static Parameter lookup(Entity entity, Field field) {
        Parameter parameter = query(field.name())
                .description("The " + entity.collection() + " whose " + field.name() + " is this, in any letter case,"
                        + " oldest first; not with " + FieldList.NAME_PREFIX + ".");
        if (field.example() instanceof String example) {
            parameter.getSchema().examples(List.of(example));
        }
        return parameter;
    }

    /** The value of the field the entity is grouped by, which narrows its list to one group. */
    private static Parameter group(Entity entity, Field field) {
        Parameter parameter = query(field.name())
                .description("The " + entity.collection() + " whose " + field.name() + " is this, in any letter case,"
                        + " newest first within the range of creation times"
                        + (field.shapeMessage() == null ? "" : "; it " + field.shapeMessage()) + ".");
        if (field.example() instanceof String example) {
            parameter.getSchema().examples(List.of(example));
        }
        return parameter;
    }

    /** A filter of the list: the subjects that hold the value, or at least it. */
    private static Parameter filter(Entity entity, ListFilter filter) {
        Parameter parameter = query(filter.parameter())
                .description("Only the " + entity.collection() + " whose " + filter.path()
                        + (filter.isAtLeast() ? " is at least this" : " is this, as it is stored")
                        + "; a filter of what each Query reads, so a page may hold fewer than `limit` and still have a"
                        + " next one.");
        if (filter.isAtLeast()) {
            parameter.schema(OASFactory.createSchema()
                    .addType(Schema.SchemaType.INTEGER)
                    .format("int64")
                    .minimum(BigDecimal.valueOf(filter.field().min()))
                    .maximum(BigDecimal.valueOf(filter.field().max())));
        }
        if (filter.field().example() != null) {
            parameter.getSchema().examples(List.of(filter.field().example()));
        }
        return parameter;
    }

    /** The list's range of creation times, for an entity sorted by them. */
    private static List<Parameter> timeRange(Entity entity) {
        String instant = ", an ISO-8601 instant such as 2026-11-22T10:15:30Z; absent, ";
        return List.of(
                query(TimeRange.FROM)
                        .description("The " + entity.collection() + " created at or after this time" + instant
                                + "from the first"),
                query(TimeRange.TO)
                        .description("The " + entity.collection() + " created at or before this time" + instant
                                + "to the last"));
    }

    /** The list's {@code namePrefix}, with the start of the first sort field's example as its own. */
    private static Parameter prefix(Entity entity) {
        Parameter prefix = query(FieldList.NAME_PREFIX);
        if (entity.sortFields().isEmpty()) {
            return prefix.description("Ignored: the " + entity.collection() + " are listed by id");
        }
        String name = entity.sortFields().size() == 1
                ? entity.orderedBy()
                : "name (" + entity.orderedBy() + ", joined by '" + Keys.NAME_PART_SEPARATOR + "')";
        prefix.description("The start of the " + name + ", in any letter case; absent, every " + entity.keyName());
        if (entity.sortFields().get(0).example() instanceof String example
                && !example.isBlank()
                && entity.fieldList().isEmpty()
                && entity.lookupField().isEmpty()) {
            prefix.getSchema().examples(List.of(example.substring(0, Math.min(3, example.length()))));
        }
        return prefix;
    }

    private static Operation operation(String tag) {
        return OASFactory.createOperation().tags(new ArrayList<>(List.of(tag)));
    }

    private static Parameter header(String name) {
        return OASFactory.createParameter().name(name).in(Parameter.In.HEADER).schema(text());
    }

    private static Parameter query(String name) {
        return OASFactory.createParameter().name(name).in(Parameter.In.QUERY).schema(text());
    }

    private static RequestBody body(String schema) {
        return OASFactory.createRequestBody()
                .required(true)
                .content(OASFactory.createContent()
                        .addMediaType(
                                "application/json", OASFactory.createMediaType().schema(ref(schema))));
    }

    /** The success the generator would have found: ContractFilter makes the documented answer of it. */
    private static APIResponses success(String status, Schema schema) {
        return OASFactory.createAPIResponses()
                .addAPIResponse(
                        status,
                        OASFactory.createAPIResponse()
                                .content(OASFactory.createContent()
                                        .addMediaType(
                                                "application/json",
                                                OASFactory.createMediaType().schema(schema))));
    }

    private static Schema object(String description) {
        return OASFactory.createSchema().addType(Schema.SchemaType.OBJECT).description(description);
    }

    private static Schema text() {
        return OASFactory.createSchema().addType(Schema.SchemaType.STRING);
    }

    private static Schema textSet() {
        return OASFactory.createSchema()
                .addType(Schema.SchemaType.ARRAY)
                .uniqueItems(true)
                .items(text());
    }

    private static Schema ref(String schema) {
        return OASFactory.createSchema().ref(SCHEMAS + schema);
    }
}
