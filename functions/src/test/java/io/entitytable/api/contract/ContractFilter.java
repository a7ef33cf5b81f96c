package io.entitytable.api.contract;

import io.entitytable.api.contract.ApiOperation.Success;
import io.entitytable.api.routes.ApiRoutes;
import io.entitytable.model.Entity;
import io.entitytable.model.SearchFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;

/**
 * Writes {@link ApiOperation} into the document SmallRye OpenAPI generates from the resources: operationIds,
 * summaries, descriptions, the exact success and error responses, the shared problem document and headers,
 * {@code If-Match}, ECMA-262 patterns, and the document's info, servers and tags. It fails when an operation of the
 * code has no entry or an entry has no operation, so the contract and the routes cannot drift apart.
 */
public class ContractFilter implements OASFilter {
    static final Map<String, String> TAGS = Map.of(
            "Businesses",
            "A business is the tenant: it owns customers, stores and orders, and is deleted empty, or erased with"
                    + " everything it owns by a job.",
            "Customers",
            "Customers of a business, with their mailing addresses and the stores they manage.",
            "Stores",
            "Stores of a business, found by location (country, state, city, zip).",
            "Orders",
            "Orders of a customer with their lines, listed per business, per customer or per status.",
            "Relationships and tags",
            "Reads of the copies the stream fan-out keeps: a customer's stores, a store's customers, tagged subjects."
                    + " They show the subjects as of the last fanned-out change.",
            "Search",
            "Plain-text search of a business's customers, stores and orders, answered by the search index the table's"
                    + " stream keeps, seconds behind the table.",
            "Operations",
            "For operators: the state of the table's access patterns and of the index backfills that hold a new one"
                    + " back.");

    private static final Pattern PATH_VARIABLE = Pattern.compile("\\{([^}]+)}");

    private static final Map<String, String> PARAMETERS = Map.of(
            "id",
            "The subject's id, a ULID as the API returned it",
            "storeId",
            "The store's id, a ULID as the API returned it",
            "tag",
            "A tag, [a-z0-9][a-z0-9_-]{0,63}; letters are lower-cased",
            "limit",
            "How many items a page holds: 1 to 100, default 20",
            "next",
            "The cursor a previous page returned as `next`; bound to this list and its parameters",
            "cascade",
            "`true` erases the business with everything it owns (202, and a job); `false`, the default, deletes it only"
                    + " when it owns nothing");

    @Override
    public void filterOpenAPI(OpenAPI openApi) {
        info(openApi);
        SharedComponents.addTo(openApi.getComponents());
        DeclaredContract.addTo(openApi);
        Set<ApiOperation> documented = new TreeSet<>();
        openApi.getPaths().getPathItems().forEach((path, item) -> item.getOperations()
                .forEach((method, operation) -> documented.add(apply(method, path, operation))));
        Set<ApiOperation> missing = new TreeSet<>(ApiOperation.values());
        missing.removeAll(documented);
        if (!missing.isEmpty()) {
            throw new IllegalStateException("ApiOperation entries without an operation in the code: " + missing);
        }
        EcmaPatterns.apply(openApi);
        tags(openApi);
        requireSubjectFields(openApi);
        searchHits(openApi);
        security(openApi);
    }

    /**
     * A search hit's entity is one the index holds, and its fields are the index's text fields: both said from their
     * one definition (the entities that declare themselves searchable, {@code SearchFields.TEXT}), so a searchable
     * entity added to the domain is in the document without an edit here.
     */
    private static void searchHits(OpenAPI openApi) {
        var properties = openApi.getComponents().getSchemas().get("SearchHit").getProperties();
        List<String> searchable =
                Entity.searchable().stream().map(Entity::keyName).toList();
        if (!searchable.isEmpty()) {
            int last = searchable.size() - 1;
            properties
                    .get("type")
                    .enumeration(new ArrayList<>(searchable))
                    .description("The entity: "
                            + (last == 0
                                    ? searchable.get(0)
                                    : String.join(", ", searchable.subList(0, last)) + " or " + searchable.get(last)));
        }
        properties
                .get("fields")
                .description("The subject's searchable fields, by name (" + String.join(", ", SearchFields.TEXT)
                        + "). Plain text as stored, not HTML: escape it before putting it in a page");
    }

    /**
     * Every subject names its entity, id and version: required, so that the {@code oneOf} of a mixed list is
     * exclusive by its discriminator and clients may rely on them.
     */
    private static void requireSubjectFields(OpenAPI openApi) {
        for (Entity entity : Entity.all()) {
            String name = ApiRoutes.typeName(entity);
            var schema = openApi.getComponents().getSchemas().get(name);
            if (schema == null) {
                throw new IllegalStateException("no schema " + name + " in the document");
            }
            schema.setRequired(List.of("entity", "id", "version"));
        }
    }

    /** The stack puts a JWT authorizer on every route unless it is deployed open; the local runtime checks none. */
    private static void security(OpenAPI openApi) {
        openApi.getComponents()
                .addSecurityScheme(
                        "jwt",
                        OASFactory.createSecurityScheme()
                                .type(SecurityScheme.Type.HTTP)
                                .scheme("bearer")
                                .bearerFormat("JWT")
                                .description("Required on every route of a deployed stack (a token of its user pool"
                                        + " or of the issuer it was given), unless it was deployed with"
                                        + " allowUnauthenticatedApi; locally, a token of the local issuer"
                                        + " (java -jar local-runtime/target/local-runtime.jar token --operator)"));
        openApi.setSecurity(List.of(
                OASFactory.createSecurityRequirement(),
                OASFactory.createSecurityRequirement().addScheme("jwt")));
    }

    /**
     * Every variable of the path template is a required path parameter of each of its operations. The generator leaves
     * it out of a method that a resource inherits (the shared by-id and collection routes) when the resource's class
     * path names it, so it is added here, in template order, ahead of the operation's other parameters.
     */
    private static void requirePathParameters(String path, Operation operation) {
        List<Parameter> parameters =
                operation.getParameters() == null ? new ArrayList<>() : new ArrayList<>(operation.getParameters());
        Matcher variable = PATH_VARIABLE.matcher(path);
        int position = 0;
        while (variable.find()) {
            String name = variable.group(1);
            boolean present = parameters.stream()
                    .anyMatch(parameter -> parameter.getIn() == Parameter.In.PATH && name.equals(parameter.getName()));
            if (!present) {
                parameters.add(
                        position,
                        OASFactory.createParameter()
                                .name(name)
                                .in(Parameter.In.PATH)
                                .required(true)
                                .schema(OASFactory.createSchema().addType(Schema.SchemaType.STRING)));
            }
            position++;
        }
        operation.setParameters(parameters.isEmpty() ? null : parameters);
    }

    private static ApiOperation apply(PathItem.HttpMethod method, String path, Operation operation) {
        ApiOperation entry = ApiOperation.of(method.name(), path);
        if (entry == null) {
            throw new IllegalStateException(method + " " + path + " has no ApiOperation entry: add one");
        }
        ApiOperation.Contract contract = entry.contract();
        operation.setOperationId(contract.operationId());
        operation.setSummary(contract.summary());
        operation.setDescription(contract.description());
        requirePathParameters(path, operation);
        boolean idempotent = parameters(entry, operation);
        APIResponses responses = responses(entry, operation.getResponses());
        if (idempotent) {
            idempotentAnswers(entry, responses);
        }
        operation.setResponses(responses);
        return entry;
    }

    /** Cleans the operation's parameters; true when it reads an Idempotency-Key. */
    private static boolean parameters(ApiOperation entry, Operation operation) {
        List<Parameter> parameters = new ArrayList<>();
        boolean ifMatch = false;
        boolean idempotencyKey = false;
        for (Parameter parameter :
                operation.getParameters() == null ? List.<Parameter>of() : operation.getParameters()) {
            if (parameter.getIn() == Parameter.In.HEADER && "If-Match".equalsIgnoreCase(parameter.getName())) {
                // Inline rather than a $ref: readers of the document (HostileInputTest among them) find it by name.
                ifMatch = true;
                parameters.add(SharedComponents.ifMatch());
            } else if (parameter.getIn() == Parameter.In.HEADER
                    && SharedComponents.IDEMPOTENCY_KEY.equalsIgnoreCase(parameter.getName())) {
                idempotencyKey = true;
                parameters.add(SharedComponents.idempotencyKey());
            } else {
                if (parameter.getDescription() == null && PARAMETERS.containsKey(parameter.getName())) {
                    parameter.setDescription(PARAMETERS.get(parameter.getName()));
                }
                parameters.add(parameter);
            }
        }
        if (ifMatch != entry.contract().ifMatch()) {
            throw new IllegalStateException(entry + ": the code " + (ifMatch ? "reads" : "does not read")
                    + " If-Match, its ApiOperation entry says the opposite");
        }
        operation.setParameters(parameters.isEmpty() ? null : parameters);
        return idempotencyKey;
    }

    /**
     * An operation that reads an Idempotency-Key answers 409 (another request with the key in flight) and 422 (the key
     * used for another request), and its success may be a replay.
     */
    private static void idempotentAnswers(ApiOperation entry, APIResponses responses) {
        for (String status : List.of("409", "422")) {
            if (responses.getAPIResponse(status) == null) {
                throw new IllegalStateException(
                        entry + " reads an Idempotency-Key: its ApiOperation entry must list " + status);
            }
        }
        responses.getAPIResponses().forEach((status, response) -> {
            if (status.startsWith("2") && response.getRef() == null) {
                response.addHeader(SharedComponents.IDEMPOTENT_REPLAYED, SharedComponents.idempotentReplayed());
            }
        });
    }

    private static APIResponses responses(ApiOperation entry, APIResponses generated) {
        Success success = entry.contract().success();
        APIResponse response = OASFactory.createAPIResponse();
        if (success == Success.CREATED
                || success == Success.READ
                || success == Success.LIST
                || success == Success.JOB
                || success == Success.SETTING
                || success == Success.STATE) {
            Content content = generated == null ? null : successContent(generated);
            if (content == null) {
                throw new IllegalStateException(entry + ": the code documents no response body");
            }
            response.setContent(content);
        }
        switch (success) {
            case CREATED -> response.description("Created: the new subject")
                    .addHeader(
                            SharedComponents.LOCATION, OASFactory.createHeader().ref(SharedComponents.LOCATION))
                    .addHeader(SharedComponents.ETAG, OASFactory.createHeader().ref(SharedComponents.ETAG));
            case READ -> response.description("The subject")
                    .addHeader(SharedComponents.ETAG, OASFactory.createHeader().ref(SharedComponents.ETAG));
            case LIST -> response.description("A page of results; `next` is absent on the last page");
            case CHANGED -> response.description("Done; the ETag is the subject's new version")
                    .addHeader(SharedComponents.ETAG, OASFactory.createHeader().ref(SharedComponents.ETAG));
            case DELETED -> response.description("Deleted");
            case DELETED_OR_ACCEPTED -> response.description("Deleted, and nothing remains to do");
            case JOB -> response.description("The job's progress");
            case SETTING -> response.description("The setting as it is now");
            case STATE -> response.description("The state as the table holds it now");
        }
        APIResponses responses = OASFactory.createAPIResponses();
        if (success == Success.DELETED_OR_ACCEPTED) {
            responses.addAPIResponse("202", accepted(entry, generated));
        }
        responses.addAPIResponse(String.valueOf(success.status()), response);
        for (int status : entry.contract().errors()) {
            responses.addAPIResponse(
                    String.valueOf(status), OASFactory.createAPIResponse().ref(SharedComponents.responseName(status)));
        }
        return responses;
    }

    /** The 202 of a delete that leaves a job: the job's JSON only (the generated content also lists problem+json). */
    private static APIResponse accepted(ApiOperation entry, APIResponses generated) {
        Content generatedContent = generated == null ? null : successContent(generated);
        MediaType json = generatedContent == null ? null : generatedContent.getMediaType("application/json");
        if (json == null) {
            throw new IllegalStateException(entry + ": the code documents no job body for its 202");
        }
        return OASFactory.createAPIResponse()
                .description("Accepted; what remains is the job's, whose URL is the Location")
                .content(OASFactory.createContent().addMediaType("application/json", json))
                .addHeader(SharedComponents.LOCATION, OASFactory.createHeader().ref(SharedComponents.JOB_LOCATION));
    }

    private static Content successContent(APIResponses generated) {
        for (String status : List.of("200", "201")) {
            APIResponse response = generated.getAPIResponse(status);
            if (response != null && response.getContent() != null) {
                return response.getContent();
            }
        }
        return null;
    }

    private static void info(OpenAPI openApi) {
        openApi.getInfo()
                .description("Businesses, customers, stores and orders in one DynamoDB table. Every write is"
                        + " conditional and versioned: a subject's version is its ETag, and If-Match guards a change"
                        + " against lost updates. Lists are paged with an opaque, signed cursor (`next`). Every error"
                        + " is an RFC 9457 application/problem+json document.")
                .license(OASFactory.createLicense()
                        .name("Apache License 2.0")
                        .url("https://www.apache.org/licenses/LICENSE-2.0"))
                .contact(OASFactory.createContact().name("Entity Table maintainers"));
        openApi.setServers(List.of(
                OASFactory.createServer()
                        .url("http://localhost:8080")
                        .description("The local runtime (local-runtime/), against the local DynamoDB engine"),
                OASFactory.createServer()
                        .url("https://{apiId}.execute-api.{region}.amazonaws.com")
                        .description("The deployed API Gateway HTTP API (infra-cdk/)")
                        .addVariable(
                                "apiId",
                                OASFactory.createServerVariable()
                                        .defaultValue("abcdef1234")
                                        .description("The HTTP API's id, an output of the stack"))
                        .addVariable(
                                "region",
                                OASFactory.createServerVariable()
                                        .defaultValue("us-east-1")
                                        .description("The AWS Region the stack is deployed in"))));
    }

    private static void tags(OpenAPI openApi) {
        Set<String> used = new TreeSet<>();
        openApi.getPaths().getPathItems().values().forEach(item -> item.getOperations()
                .values()
                .forEach(operation -> used.addAll(operation.getTags() == null ? List.of() : operation.getTags())));
        Map<String, String> described = new TreeMap<>(TAGS);
        EntityNames.children()
                .forEach(entity -> described.put(ApiRoutes.plural(entity), DeclaredContract.tagDescription(entity)));
        if (!described.keySet().containsAll(used)) {
            throw new IllegalStateException("operations use tags without a description: " + used);
        }
        openApi.setTags(described.entrySet().stream()
                .map(tag -> OASFactory.createTag().name(tag.getKey()).description(tag.getValue()))
                .toList());
    }
}
