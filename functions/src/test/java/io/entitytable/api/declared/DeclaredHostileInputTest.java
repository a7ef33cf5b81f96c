package io.entitytable.api.declared;

import static io.entitytable.api.ApiTestSupport.awaitIndexesCaughtUp;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.api.LocalDynamoResource;
import io.entitytable.api.TableWrites;
import io.entitytable.api.declared.RawRequests.Request;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import io.entitytable.model.FieldList;
import io.entitytable.model.Ids;
import io.entitytable.model.ListFilter;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A corpus of hostile requests derived from every entity declared by its fields ({@link DeclaredEntities#all}): for
 * each field, the values its declaration refuses, on create and on change; names that are no field; malformed,
 * oversized and mis-shaped bodies; malformed ids and tags in paths; collections nobody declares; and bad list
 * parameters. Each is answered 4xx {@code application/problem+json}, naming the field where the API names one, never
 * 5xx; and none writes: the engine's count of the table's item changes must not move while it is answered.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class DeclaredHostileInputTest {
    private static final String PROBLEM_JSON = "application/problem+json";
    private static final Map<String, String> JSON_BODY = Map.of("Content-Type", "application/json");

    @Inject
    DynamoDbClient dynamo;

    /**
     * What a request must be answered: one of {@code statuses} (any 4xx when empty), and, when {@code field} is given,
     * that field named: in {@code errors[].field} of a 409 or 422, in the detail of a 400.
     */
    record Expected(Set<Integer> statuses, String field) {
        static Expected clientError() {
            return new Expected(Set.of(), null);
        }

        static Expected status(int status) {
            return status == 0 ? clientError() : new Expected(Set.of(status), null);
        }

        static Expected naming(int status, String field) {
            return new Expected(Set.of(status), field);
        }
    }

    record Case(String label, Request request, Expected expected) {}

    /**
     * A declared entity's two subjects in the business the corpus aims at; neither may change. {@code createPath} is
     * where a new one is made: the business's collection, or a parent subject's ({@link Entity#parent}).
     */
    record Fixtures(Entity entity, String business, String first, long firstVersion, String second, String createPath) {
        String collectionPath() {
            return "/businesses/" + business + "/" + entity.collection();
        }

        String subjectPath(String id) {
            return "/" + entity.collection() + "/" + id;
        }
    }

    @Test
    void everyDeclaredEntity_shouldAnswerHostileInputWith4xxProblemJson_andWriteNothing() {
        // GIVEN two subjects of each declared entity, tagged, in one business
        String business = createBusiness("Declared Hostile");
        List<Case> corpus = new ArrayList<>();
        Map<Entity, Fixtures> fixtures = new LinkedHashMap<>();
        for (Entity entity : DeclaredEntities.all()) {
            Fixtures made = fixtures(entity, business);
            fixtures.put(entity, made);
            corpus.addAll(createCases(made));
            corpus.addAll(changeCases(made));
            corpus.addAll(pathCases(made));
            corpus.addAll(listCases(made));
        }
        corpus.addAll(unknownCollectionCases(
                business, fixtures.values().iterator().next().first()));
        Map<Entity, List<String>> listedBefore = listed(fixtures.values());
        TableWrites writes = TableWrites.watch(dynamo);

        // WHEN each request is sent, the count of the table's item changes read after it
        List<String> wrong = new ArrayList<>();
        Map<String, Integer> byStatus = new TreeMap<>();
        for (Case request : corpus) {
            HttpResponse<String> response = RawRequests.send(request.request());
            byStatus.merge(String.valueOf(response.statusCode()), 1, Integer::sum);
            String problem = judged(request, response);
            if (problem != null) {
                wrong.add(problem);
            }
            writes.sinceLastLook()
                    .ifPresent(changed -> wrong.add(
                            request.label() + " -> " + response.statusCode() + " wrote to the table: " + changed));
        }

        // THEN
        System.out.printf(
                "DeclaredHostileInputTest: %d entities, %d requests, by status %s%n",
                fixtures.size(), corpus.size(), byStatus);
        assertThat(wrong)
                .as("requests answered otherwise than expected, or that wrote")
                .isEmpty();
        assertThat(listed(fixtures.values())).isEqualTo(listedBefore);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The corpus

    /** Refused creates: every field's refused values, missing and null required fields, unknown names, taken values. */
    private static List<Case> createCases(Fixtures f) {
        Entity entity = f.entity();
        Map<String, Object> base = DeclaredEntities.validBody(entity, 3);
        List<Case> cases = new ArrayList<>();
        for (Field field : entity.fields()) {
            Map<String, String> refused = new LinkedHashMap<>(FieldValues.refused(field));
            refused.putAll(FieldValues.refusedOnCreateOnly(field));
            refused.forEach((what, raw) -> cases.add(
                    create(f, field.name() + " " + what, Json.withRaw(base, field.name(), raw), 422, field.name())));
            if (field.isUnique() && field.example() != null) {
                // The first subject's value, as given and, for a lower-cased field, in capitals.
                Object taken = FieldValues.valid(field, 1);
                cases.add(create(
                        f, field.name() + " taken", Json.withRaw(base, field.name(), raw(taken)), 409, field.name()));
                if (field.letterCase() == Field.LetterCase.LOWER && taken instanceof String text) {
                    cases.add(create(
                            f,
                            field.name() + " taken in capitals",
                            Json.withRaw(base, field.name(), Json.string(text.toUpperCase(Locale.ROOT))),
                            409,
                            field.name()));
                }
            }
        }
        for (String name : HostileBodies.unknownNames(entity, true)) {
            cases.add(create(f, "unknown field '" + name + "'", Json.withRaw(base, name, "\"x\""), 400, name));
        }
        HostileBodies.malformed(Json.write(base))
                .forEach((what, body) -> cases.add(create(f, "body " + what, body.getKey(), body.getValue(), null)));
        cases.add(new Case(
                entity + " create as text/plain",
                Request.of("POST", f.createPath(), Map.of("Content-Type", "text/plain"), Json.write(base)),
                Expected.status(415)));
        for (String key : List.of("x".repeat(256), "")) {
            cases.add(new Case(
                    entity + " create Idempotency-Key " + key.length() + " characters",
                    Request.of(
                            "POST",
                            f.createPath(),
                            Map.of("Content-Type", "application/json", "Idempotency-Key", key),
                            Json.write(base)),
                    Expected.status(400)));
        }
        return cases;
    }

    /**
     * Refused changes of the first subject: every field's refused values, an immutable field's valid value, unknown
     * names (tags included: they change through their own routes), a value the other subject holds, bad If-Match.
     */
    private static List<Case> changeCases(Fixtures f) {
        Entity entity = f.entity();
        List<Case> cases = new ArrayList<>();
        for (Field field : entity.fields()) {
            FieldValues.refused(field)
                    .forEach((what, raw) -> cases.add(change(
                            f,
                            f.first(),
                            field.name() + " " + what,
                            "{" + Json.string(field.name()) + ":" + raw + "}",
                            422,
                            field.name())));
            if (field.isImmutable() && field.example() != null) {
                cases.add(change(
                        f,
                        f.first(),
                        field.name() + " immutable",
                        "{" + Json.string(field.name()) + ":" + FieldValues.validJson(field, 4) + "}",
                        422,
                        field.name()));
            }
            if (field.isUnique() && !field.isImmutable() && field.example() != null) {
                cases.add(change(
                        f,
                        f.second(),
                        field.name() + " taken by the first",
                        "{" + Json.string(field.name()) + ":" + FieldValues.validJson(field, 1) + "}",
                        409,
                        field.name()));
            }
            // A null is a field left out: the subject stays as it is, and nothing is written.
            cases.add(change(
                    f, f.first(), field.name() + " null", "{" + Json.string(field.name()) + ":null}", 200, null));
        }
        for (String name : HostileBodies.unknownNames(entity, false)) {
            cases.add(change(
                    f, f.first(), "unknown field '" + name + "'", "{" + Json.string(name) + ":\"x\"}", 400, name));
        }
        Map<String, Object> valid = changing(entity);
        HostileBodies.malformed(Json.write(valid))
                .forEach((what, body) ->
                        cases.add(change(f, f.first(), "body " + what, body.getKey(), body.getValue(), null)));
        // The first subject is at its version as tagged; any other is stale.
        Map<String, Integer> ifMatch = new LinkedHashMap<>();
        ifMatch.put("\"0\"", 412);
        ifMatch.put("\"" + (f.firstVersion() - 1) + "\"", 412);
        ifMatch.put("\"" + (f.firstVersion() + 1) + "\"", 412);
        ifMatch.put("W/\"7\"", 412);
        ifMatch.put("*", 400);
        ifMatch.put("yesterday", 400);
        ifMatch.put("\"-1\"", 400);
        ifMatch.put("\"9999999999999999999\"", 400);
        ifMatch.put("\"\"", 400);
        ifMatch.forEach((value, status) -> {
            Map<String, String> headers = Map.of("Content-Type", "application/json", "If-Match", value);
            cases.add(new Case(
                    entity + " change If-Match " + value,
                    Request.of("PATCH", f.subjectPath(f.first()), headers, Json.write(valid)),
                    Expected.status(status)));
            cases.add(new Case(
                    entity + " delete If-Match " + value,
                    Request.of("DELETE", f.subjectPath(f.first()), Map.of("If-Match", value), null),
                    Expected.status(status)));
        });
        return cases;
    }

    /** Malformed and foreign ids on every route of the entity, and malformed tags on its tag routes. */
    private static List<Case> pathCases(Fixtures f) {
        Entity entity = f.entity();
        String own = f.first();
        Map<String, String> ids = new LinkedHashMap<>();
        ids.put("lower-case-ulid", own.toLowerCase(Locale.ROOT));
        ids.put("27-characters", own + "X");
        ids.put("25-characters", own.substring(1));
        ids.put("hash-in-id", entity.keyName() + "%23" + own);
        ids.put("traversal", "..%2F..%2Fbusinesses");
        ids.put("traversal-dots-encoded", "%2E%2E%2F%2E%2E%2Fq%2Fhealth");
        ids.put("sql", enc("' OR 1=1 --"));
        ids.put("nul", "%00");
        ids.put("crlf", "%0D%0ASet-Cookie:%20x=1");
        ids.put("rtl-mark", "%E2%80%AE" + own);
        ids.put("invalid-utf8", "%FF%FE");
        ids.put("blank", "%20");
        ids.put("lone-percent", "%25");
        ids.put("2000-characters", "A".repeat(2000));
        Map<String, String> absent = Map.of("unknown-ulid", Ids.newId(), "the-business-id", f.business());

        Map<String, Object> body = DeclaredEntities.validBody(entity, 5);
        String change = Json.write(changing(entity));
        List<Case> cases = new ArrayList<>();
        Map<String, String> all = new LinkedHashMap<>(ids);
        all.putAll(absent);
        all.forEach((what, id) -> {
            int status = absent.containsKey(what) ? 404 : 0;
            String subject = "/" + entity.collection() + "/" + id;
            cases.add(pathCase(entity, "GET", subject, null, status, what));
            cases.add(pathCase(entity, "PATCH", subject, change, status, what));
            cases.add(pathCase(entity, "DELETE", subject, null, status, what));
            cases.add(pathCase(entity, "PUT", subject + "/tags/vip", null, status, what));
            cases.add(pathCase(entity, "DELETE", subject + "/tags/vip", null, status, what));
            entity.link().ifPresent(link -> {
                // A bad id on either side of a link: the subject's, then the one it would link.
                String targets = "/" + link.target().collection();
                cases.add(pathCase(entity, "PUT", subject + targets + "/" + Ids.newId(), null, status, what));
                cases.add(pathCase(entity, "DELETE", subject + targets + "/" + Ids.newId(), null, status, what));
                // (An operator's list of what an unknown subject links is empty, as every list of copies: not refused.)
                cases.add(pathCase(entity, "GET", subject + targets, null, status == 404 ? 200 : status, what));
                String ownTargets = f.subjectPath(own) + targets + "/" + id;
                cases.add(pathCase(entity, "PUT", ownTargets, null, status, "linking " + what));
                if (status == 0) {
                    // (Unlinking a well-formed id it does not link is a 204 that writes nothing.)
                    cases.add(pathCase(entity, "DELETE", ownTargets, null, status, "unlinking " + what));
                }
            });
        });
        // Under a business: a malformed id, no business, a subject's id where the business's goes.
        Map<String, String> businesses = new LinkedHashMap<>(ids);
        businesses.put("unknown-ulid", Ids.newId());
        businesses.put("a-subjects-id", own);
        businesses.forEach((what, id) -> {
            boolean wellFormed = what.equals("unknown-ulid") || what.equals("a-subjects-id");
            String collection = "/businesses/" + id + "/" + entity.collection();
            cases.add(pathCase(entity, "POST", collection, Json.write(body), wellFormed ? 404 : 0, what));
            if (!wellFormed) {
                // A well-formed id that names no business lists nothing (as every list under a parent): not refused.
                cases.add(pathCase(entity, "GET", collection, null, 0, what));
            }
        });
        // Under its parent, for a child of another subject: a malformed id, no parent, a subject's id where the
        // parent's goes.
        entity.parent()
                .ifPresent(parent -> businesses.forEach((what, id) -> {
                    boolean wellFormed = what.equals("unknown-ulid") || what.equals("a-subjects-id");
                    String children = "/" + parent.collection() + "/" + id + "/" + entity.collection();
                    cases.add(pathCase(entity, "POST", children, Json.write(body), wellFormed ? 404 : 0, what));
                    if (!wellFormed) {
                        cases.add(pathCase(entity, "GET", children, null, 0, what));
                    }
                }));
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("hash", "a%23b");
        tags.put("65-characters", "a".repeat(65));
        tags.put("leading-dash", "-vip");
        tags.put("nul", "%00");
        tags.put("blank", "%20");
        tags.put("rtl-override", "%E2%80%AEvip");
        tags.put("traversal", "..%2F..");
        tags.forEach((what, tag) -> {
            cases.add(pathCase(entity, "PUT", f.subjectPath(own) + "/tags/" + tag, null, 0, "tag " + what));
            cases.add(pathCase(entity, "DELETE", f.subjectPath(own) + "/tags/" + tag, null, 0, "tag " + what));
        });
        return cases;
    }

    /** Bad prefix, limit and next on the business's list of the entity. */
    private static List<Case> listCases(Fixtures f) {
        String cursor = cursorOfAnotherList(f.business());
        Map<String, String> values = new LinkedHashMap<>();
        values.put("namePrefix=" + "x".repeat(f.entity().longestName() + 1), "namePrefix longer than any name");
        values.put("namePrefix=%00", "namePrefix nul");
        values.put("namePrefix=%C2%9B", "namePrefix c1 control");
        values.put("namePrefix=%E2%80%AE", "namePrefix rtl override");
        values.put("namePrefix=%0A", "namePrefix newline");
        for (String limit : List.of("-1", "0", "101", "abc", "1.5", "1e2", "99999999999999999999", "%00", "%2B-5")) {
            values.put("limit=" + limit, "limit " + limit);
        }
        values.put("next=" + cursor, "next of another list");
        values.put("next=" + cursor.substring(0, cursor.length() - 3), "next truncated");
        values.put("next=" + tamper(cursor), "next tampered");
        values.put("next=....", "next dots");
        values.put("next=%00", "next nul");
        values.put("next=%25%25%25.%25%25", "next not base64");
        values.put("next=" + "A".repeat(3000), "next 3000 characters");
        f.entity().fieldList().ifPresent(list -> values.putAll(levelCases(list)));
        f.entity().lookupField().ifPresent(field -> values.putAll(lookupCases(field)));
        f.entity().groupField().ifPresent(field -> values.putAll(lookupCases(field)));
        if (f.entity().isSortedByCreation()) {
            values.putAll(timeRangeCases());
        }
        f.entity().filters().forEach(filter -> values.putAll(filterCases(filter)));
        List<Case> cases = new ArrayList<>();
        values.forEach((query, what) -> cases.add(new Case(
                f.entity() + " list " + what,
                Request.of("GET", f.collectionPath() + "?" + query, Map.of(), null),
                Expected.status(400))));
        return cases;
    }

    /**
     * Bad levels of a list by fields: each level after the first without the ones above it, and at every level a value
     * holding the keys' separator, one its field refuses, and one beside {@code prefix}.
     */
    private static Map<String, String> levelCases(FieldList list) {
        Map<String, String> values = new LinkedHashMap<>();
        String above = "";
        for (FieldList.Level level : list.levels()) {
            String name = level.parameter();
            String valid = String.valueOf(level.field().example());
            if (!above.isEmpty()) {
                values.put(name + "=" + valid, name + " without the levels above it");
            }
            values.put(above + name + "=" + valid.charAt(0) + "%23" + valid.substring(1), name + " holding '#'");
            values.put(above + name + "=%E2%80%AE" + valid, name + " rtl override");
            values.put(above + name + "=" + "x".repeat((int) level.field().max() + 1), name + " too long");
            values.put(above + name + "=" + valid + "&namePrefix=a", name + " with namePrefix");
            above += name + "=" + valid + "&";
        }
        return values;
    }

    /** Bad ranges of a list by creation time: not instants, outside the years a key holds, or ending before they start. */
    private static Map<String, String> timeRangeCases() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("from=yesterday", "from not an instant");
        values.put("to=2026-11-31T00:00:00Z", "to not a day");
        values.put("from=%00", "from nul");
        values.put("to=" + "9".repeat(40), "to 40 digits");
        values.put("from=1969-12-31T23:59:59Z", "from before 1970");
        values.put("to=2287-01-01T00:00:00Z", "to after the last key");
        values.put("from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z", "from after to");
        return values;
    }

    /**
     * Bad values of the field an entity is findable or grouped by: blank, too long, holding what no text may, and beside
     * {@code namePrefix}.
     */
    private static Map<String, String> lookupCases(Field field) {
        String name = field.name();
        Map<String, String> values = new LinkedHashMap<>();
        values.put(name + "=", name + " empty");
        values.put(name + "=%20%20", name + " blank");
        values.put(name + "=" + "x".repeat((int) field.max() + 1), name + " too long");
        values.put(name + "=%00", name + " nul");
        values.put(name + "=%E2%80%AE" + field.example(), name + " rtl override");
        values.put(name + "=" + field.example() + "&namePrefix=a", name + " with namePrefix");
        return values;
    }

    /**
     * Bad values of a filter: empty, blank, too long or holding what no text may; not a whole number, a fraction, past
     * a long, or outside its field's bounds.
     */
    private static Map<String, String> filterCases(ListFilter filter) {
        String name = filter.parameter();
        Map<String, String> values = new LinkedHashMap<>();
        values.put(name + "=", name + " empty");
        values.put(name + "=%20%20", name + " blank");
        if (filter.isAtLeast()) {
            values.put(name + "=ten", name + " not a number");
            values.put(name + "=1.5", name + " a fraction");
            values.put(name + "=" + "9".repeat(40), name + " past a long");
            values.put(name + "=" + (filter.field().min() - 1), name + " below its field's least");
            values.put(name + "=" + (filter.field().max() + 1), name + " above its field's most");
        } else {
            values.put(name + "=" + "x".repeat((int) filter.field().max() + 1), name + " too long");
            values.put(name + "=%00", name + " nul");
            values.put(
                    name + "=%E2%80%AE"
                            + String.valueOf(filter.field().example()).replace(" ", "%20"),
                    name + " rtl override");
        }
        return values;
    }

    /** A collection no entity declares, or an entity's key name where its collection goes: a 404 problem. */
    private static List<Case> unknownCollectionCases(String business, String someId) {
        List<Case> cases = new ArrayList<>();
        List<String> collections = new ArrayList<>(List.of("widgets", "WIDGETS", "articles%23x", "%F0%9F%98%80"));
        DeclaredEntities.all().forEach(entity -> collections.add(entity.keyName()));
        DeclaredEntities.all()
                .forEach(entity -> collections.add(entity.collection().toUpperCase(Locale.ROOT)));
        for (String collection : collections) {
            String label = "collection " + collection;
            cases.add(new Case(
                    label + " get",
                    Request.of("GET", "/" + collection + "/" + someId, Map.of(), null),
                    Expected.status(404)));
            cases.add(new Case(
                    label + " change",
                    Request.of("PATCH", "/" + collection + "/" + someId, JSON_BODY, "{}"),
                    Expected.status(404)));
            cases.add(new Case(
                    label + " delete",
                    Request.of("DELETE", "/" + collection + "/" + someId, Map.of(), null),
                    Expected.status(404)));
            cases.add(new Case(
                    label + " tag",
                    Request.of("PUT", "/" + collection + "/" + someId + "/tags/vip", Map.of(), null),
                    Expected.status(404)));
            cases.add(new Case(
                    label + " list",
                    Request.of("GET", "/businesses/" + business + "/" + collection, Map.of(), null),
                    Expected.status(404)));
            cases.add(new Case(
                    label + " create",
                    Request.of("POST", "/businesses/" + business + "/" + collection, JSON_BODY, "{\"name\":\"x\"}"),
                    Expected.status(404)));
        }
        return cases;
    }

    // ---------------------------------------------------------------------------------------------------------------

    private static Case create(Fixtures f, String what, String body, int status, String field) {
        Map<String, String> headers = Map.of(
                "Content-Type",
                "application/json",
                "Idempotency-Key",
                UUID.randomUUID().toString());
        return new Case(
                f.entity() + " create " + what,
                Request.of("POST", f.createPath(), headers, body),
                field == null ? Expected.status(status) : Expected.naming(status, field));
    }

    private static Case change(Fixtures f, String id, String what, String body, int status, String field) {
        return new Case(
                f.entity() + " change " + what,
                Request.of("PATCH", f.subjectPath(id), JSON_BODY, body),
                field == null ? Expected.status(status) : Expected.naming(status, field));
    }

    private static Case pathCase(Entity entity, String method, String path, String body, int status, String what) {
        return new Case(
                entity + " " + method + " " + path.replaceAll("[^/]{40,}", "{long}") + " (" + what + ")",
                Request.of(method, path, body == null ? Map.of() : JSON_BODY, body),
                Expected.status(status));
    }

    /** A valid change of the entity: its first changeable field at a new value; empty when it has none. */
    private static Map<String, Object> changing(Entity entity) {
        return DeclaredEntities.changeable(entity)
                .<Map<String, Object>>map(field -> Map.of(field.name(), FieldValues.valid(field, 6)))
                .orElse(Map.of());
    }

    private static Fixtures fixtures(Entity entity, String business) {
        String createPath = DeclaredEntities.createPath(entity, business);
        String first = created(createPath, entity, 1);
        String second = created(createPath, entity, 2);
        HttpResponse<String> tagged = RawRequests.send(
                Request.of("PUT", "/" + entity.collection() + "/" + first + "/tags/vip", Map.of(), null));
        assertThat(tagged.statusCode()).as(tagged.body()).isEqualTo(204);
        long version =
                Long.parseLong(tagged.headers().firstValue("ETag").orElseThrow().replace("\"", ""));
        return new Fixtures(entity, business, first, version, second, createPath);
    }

    private static String created(String createPath, Entity entity, int n) {
        HttpResponse<String> response = RawRequests.send(
                Request.of("POST", createPath, JSON_BODY, Json.write(DeclaredEntities.validBody(entity, n))));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return Json.read(response.body()).path("id").asText();
    }

    /** A real cursor, of the business's items: valid, but not for a declared entity's list. */
    private static String cursorOfAnotherList(String business) {
        HttpResponse<String> page =
                RawRequests.send(Request.of("GET", "/businesses/" + business + "/items?limit=1", Map.of(), null));
        String next = Json.read(page.body()).path("next").asText(null);
        assertThat(next).as(page.body()).isNotNull();
        return URLEncoder.encode(next, StandardCharsets.UTF_8);
    }

    private static String tamper(String cursor) {
        int at = cursor.length() / 2;
        char replaced = cursor.charAt(at) == 'A' ? 'B' : 'A';
        return cursor.substring(0, at) + replaced + cursor.substring(at + 1);
    }

    /** Each entity's subjects as its business lists them, once the indexes hold every write. */
    private static Map<Entity, List<String>> listed(Iterable<Fixtures> all) {
        awaitIndexesCaughtUp();
        Map<Entity, List<String>> listed = new LinkedHashMap<>();
        for (Fixtures f : all) {
            HttpResponse<String> page =
                    RawRequests.send(Request.of("GET", f.collectionPath() + "?limit=100", Map.of(), null));
            assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
            List<String> items = new ArrayList<>();
            Json.read(page.body()).path("items").forEach(item -> items.add(item.toString()));
            listed.put(f.entity(), items);
        }
        return listed;
    }

    /** Null when the answer is what the case expects, else a line that says what came back. */
    private static String judged(Case request, HttpResponse<String> response) {
        int status = response.statusCode();
        String type = response.headers().firstValue("Content-Type").orElse("");
        Expected expected = request.expected();
        boolean statusOk = expected.statuses().isEmpty()
                ? status / 100 == 4
                : expected.statuses().contains(status);
        boolean problemOk = status / 100 != 4 || type.startsWith(PROBLEM_JSON);
        boolean named = expected.field() == null || names(Json.read(response.body()), status, expected.field());
        if (statusOk && problemOk && named) {
            return null;
        }
        String body = response.body().replace("\n", "\\n");
        return request.label() + " -> " + status + " " + type + " "
                + (body.length() > 160 ? body.substring(0, 160) + "..." : body)
                + (named ? "" : " (does not name " + expected.field() + ")");
    }

    private static boolean names(JsonNode problem, int status, String field) {
        if (status == 400) {
            return problem.path("detail").asText().contains("'" + field + "'");
        }
        for (JsonNode error : problem.path("errors")) {
            if (error.path("field").asText().equals(field)) {
                return true;
            }
        }
        return false;
    }

    private static String raw(Object value) {
        return value instanceof String text ? Json.string(text) : String.valueOf(value);
    }

    private static String enc(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
