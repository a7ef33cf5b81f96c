package io.entitytable.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The search index of core items, defined once. Readers and writers use the alias {@value #ALIAS}; the physical
 * index carries its mapping version ({@code entities-v1}), so a new mapping is built in a new index beside the old
 * one and the alias moves when it is full.
 *
 * <p>The definition (settings and mappings) is the resource {@value #DEFINITION_RESOURCE}: names are lower-cased and
 * ASCII-folded ("José" is found by "jose"), every text field has an edge n-gram {@code prefix} sub-field ("quix" finds
 * "Quixote"), and typos are forgiven at query time ({@code fuzziness: AUTO}), not in the mapping. Its one shard and
 * zero replicas suit the local engine; Amazon OpenSearch Serverless manages shards and replicas itself, so
 * {@link #definitionJson(boolean)} leaves them out there.
 */
public final class SearchIndex {
    public static final String ALIAS = "entities";
    public static final int MAPPING_VERSION = 1;
    public static final String DEFINITION_RESOURCE = "search/entities-v1.json";
    /**
     * The queue of stream records the index refused (a mapping or parse error), named for the local runtime; the CDK
     * stack has CloudFormation name its own.
     */
    public static final String DEAD_LETTER_QUEUE = "entity-table-search-dlq";

    private static final ObjectMapper JSON = new ObjectMapper();

    private SearchIndex() {}

    /** The physical index of the current mapping, e.g. {@code entities-v1}. */
    public static String physicalName() {
        return ALIAS + "-v" + MAPPING_VERSION;
    }

    /** The create-index body: settings and mappings. */
    public static String definitionJson() {
        return definitionJson(false);
    }

    /**
     * The create-index body.
     *
     * @param managedShards true for a collection that manages shards and replicas itself (Serverless)
     */
    public static String definitionJson(boolean managedShards) {
        try (InputStream in = SearchIndex.class.getClassLoader().getResourceAsStream(DEFINITION_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + DEFINITION_RESOURCE);
            }
            String json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (!managedShards) {
                return json;
            }
            ObjectNode definition = (ObjectNode) JSON.readTree(json);
            ObjectNode index = (ObjectNode) definition.path("settings").path("index");
            index.remove("number_of_shards");
            index.remove("number_of_replicas");
            return JSON.writeValueAsString(definition);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(DEFINITION_RESOURCE + " is not JSON", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
