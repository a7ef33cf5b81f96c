package io.entitytable.infra;

import io.entitytable.deployment.SearchIndex;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.services.iam.IRole;
import software.amazon.awscdk.services.opensearchserverless.CfnAccessPolicy;
import software.amazon.awscdk.services.opensearchserverless.CfnCollection;
import software.amazon.awscdk.services.opensearchserverless.CfnSecurityPolicy;
import software.constructs.Construct;

/**
 * The Amazon OpenSearch Serverless collection (type SEARCH) that holds the search index, with the three policies it
 * needs: encryption (an AWS-owned key), network (a public endpoint; every request is still SigV4-signed and checked
 * against the data-access policy) and data access (the indexer and the API, nothing else).
 *
 * <p>A public endpoint because the functions run outside a VPC: a VPC endpoint would put every function that talks to
 * the collection into a VPC, with its subnets, interface endpoints for DynamoDB Streams, SQS and CloudWatch Logs (or a
 * NAT gateway), and the VPC endpoint's own hourly charge, for no gain in who may read or write.
 *
 * @see <a href="https://docs.aws.amazon.com/opensearch-service/latest/developerguide/serverless-genref.html">Supported
 *     operations and their data-access permissions</a>
 */
public final class SearchCollection extends Construct {
    public static final String TYPE = "SEARCH";

    /**
     * What the indexer does on an index: create it when missing (PUT), check it exists (HEAD), change its settings or
     * add fields to its mapping, and write documents (bulk index and delete).
     */
    public static final List<String> INDEXER_INDEX_PERMISSIONS =
            List.of("aoss:CreateIndex", "aoss:DescribeIndex", "aoss:UpdateIndex", "aoss:WriteDocument");

    /**
     * Aliases are collection items: the indexer checks that the alias exists and creates it (or points it at a new
     * index) at start. Deleting aliases or templates is not needed.
     */
    public static final List<String> INDEXER_COLLECTION_PERMISSIONS =
            List.of("aoss:CreateCollectionItems", "aoss:DescribeCollectionItems", "aoss:UpdateCollectionItems");

    /** The API only searches and reads documents. */
    public static final List<String> READER_INDEX_PERMISSIONS = List.of("aoss:ReadDocument");

    /** The IAM action every caller of a collection's data plane needs besides the data-access policy. */
    public static final String API_ACCESS_ALL = "aoss:APIAccessAll";

    private final String name;
    private final CfnCollection collection;
    private final List<CfnSecurityPolicy> securityPolicies;
    private CfnAccessPolicy dataAccessPolicy;

    public SearchCollection(Construct scope, String id, Props props) {
        super(scope, id);
        this.name = props.name();
        Map<String, Object> collectionRule = Map.of("ResourceType", "collection", "Resource", List.of(resource()));
        CfnSecurityPolicy encryptionPolicy = CfnSecurityPolicy.Builder.create(this, "EncryptionPolicy")
                .name(name + "-enc")
                .type("encryption")
                .description("Entity Table search: encrypted at rest with an AWS-owned key")
                .policy(json(Map.of("Rules", List.of(collectionRule), "AWSOwnedKey", true)))
                .build();
        CfnSecurityPolicy networkPolicy = CfnSecurityPolicy.Builder.create(this, "NetworkPolicy")
                .name(name + "-net")
                .type("network")
                .description("Entity Table search: public endpoint, SigV4 and the data-access policy decide")
                .policy(json(List.of(Map.of("Rules", List.of(collectionRule), "AllowFromPublic", true))))
                .build();
        this.securityPolicies = List.of(encryptionPolicy, networkPolicy);
        this.collection = CfnCollection.Builder.create(this, "Collection")
                .name(name)
                .type(TYPE)
                .standbyReplicas(props.standbyReplicas() ? "ENABLED" : "DISABLED")
                .description("Entity Table search index of core items")
                .build();
        // The collection cannot be created before a matching encryption policy exists.
        collection.addDependency(encryptionPolicy);
        collection.addDependency(networkPolicy);
        // Snapshot is not a deletion policy this resource type supports.
        collection.applyRemovalPolicy(
                props.removalPolicy() == RemovalPolicy.DESTROY ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN);
    }

    /**
     * The data-access policy: the indexer may create, describe and update the index and its alias and write documents;
     * the reader may read documents. Both roles also get IAM {@value #API_ACCESS_ALL} on this collection. Called once.
     */
    public void grantAccess(IRole indexer, IRole reader) {
        if (dataAccessPolicy != null) {
            throw new IllegalStateException("the data-access policy of " + name + " is already defined");
        }
        String indexes = indexResource();
        this.dataAccessPolicy = CfnAccessPolicy.Builder.create(this, "DataAccessPolicy")
                .name(name + "-data")
                .type("data")
                .description("Entity Table search: the indexer writes, the API reads")
                .policy(json(List.of(
                        Map.of(
                                "Description",
                                "search indexer",
                                "Rules",
                                List.of(
                                        Map.of(
                                                "ResourceType",
                                                "index",
                                                "Resource",
                                                List.of(indexes),
                                                "Permission",
                                                INDEXER_INDEX_PERMISSIONS),
                                        Map.of(
                                                "ResourceType",
                                                "collection",
                                                "Resource",
                                                List.of(resource()),
                                                "Permission",
                                                INDEXER_COLLECTION_PERMISSIONS)),
                                "Principal",
                                List.of(indexer.getRoleArn())),
                        Map.of(
                                "Description",
                                "API",
                                "Rules",
                                List.of(Map.of(
                                        "ResourceType",
                                        "index",
                                        "Resource",
                                        List.of(indexes),
                                        "Permission",
                                        READER_INDEX_PERMISSIONS)),
                                "Principal",
                                List.of(reader.getRoleArn())))))
                .build();
        for (IRole role : List.of(indexer, reader)) {
            Permissions.allow(role, "SearchCollectionDataPlane", API_ACCESS_ALL, collection.getAttrArn());
        }
    }

    /** {@code collection/<name>} as the policies name it. */
    String resource() {
        return "collection/" + name;
    }

    /** The alias and every versioned index behind it ({@code entities}, {@code entities-v1}, ...). */
    String indexResource() {
        return "index/" + name + "/" + SearchIndex.ALIAS + "*";
    }

    private String json(Object policy) {
        // Token-aware: role ARNs become Fn::Join parts of the policy string.
        return Stack.of(this).toJsonString(policy);
    }

    public String name() {
        return name;
    }

    /** {@code https://<id>.<region>.aoss.amazonaws.com}, resolved at deploy time. */
    public String endpoint() {
        return collection.getAttrCollectionEndpoint();
    }

    public CfnCollection collection() {
        return collection;
    }

    /** The encryption and the network policy, which the collection is created after. */
    public List<CfnSecurityPolicy> securityPolicies() {
        return securityPolicies;
    }

    /**
     * @param name the collection's name (3-27 characters of {@code [a-z0-9-]}, starting with a letter); the policies
     *     are named after it
     * @param standbyReplicas standby replicas in a second Availability Zone (doubles the minimum capacity)
     * @param removalPolicy the stack's removal policy; SNAPSHOT retains the collection
     */
    public record Props(String name, boolean standbyReplicas, RemovalPolicy removalPolicy) {
        public Props {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(removalPolicy, "removalPolicy");
            if (!name.matches("[a-z][a-z0-9-]{2,26}")) {
                throw new IllegalArgumentException("not a collection name that leaves room for its policies: " + name);
            }
        }
    }
}
