package io.entitytable.capacity;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.util.Map;

/**
 * The prices the cost model charges, in dollars, as {@code tools/capacity/prices/us-east-1.json} gives them with their
 * sources and the month they were quoted: the one place a price is written, so a change of price is a change of
 * that file and of nothing else.
 *
 * @param note what the prices are (list prices, with the tiers the pages give) and what they leave out
 * @param sources the pricing page of each service
 * @param httpApiRequestsPerMillion a million of an HTTP API's requests, tiered by the month's requests
 * @param lambdaArmGbSecond a GB-second of an arm64 function, tiered by the account's month of arm64 GB-seconds
 * @param lambdaLogIngestionPerGb a GB of Lambda functions' log lines in CloudWatch Logs (Standard class), tiered by the
 *     account's month of them
 * @param logIngestionPerGb a GB of any other log lines in CloudWatch Logs (Standard class): API Gateway's access log
 * @param searchOcuHour an hour of one OpenSearch Serverless compute unit, for indexing or for search
 * @param tableStorageGbMonth a GB-month of a Standard-class table, its indexes included
 * @param searchStorageGbMonth a GB-month of an OpenSearch Serverless collection's managed storage
 * @param s3StandardGbMonth a GB-month of S3 Standard, the first 50 TB of a month's tier (the archive's objects)
 * @param s3GlacierInstantRetrievalGbMonth a GB-month of S3 Glacier Instant Retrieval, each object billed at 128 KB at
 *     least
 * @param s3PutsPerThousand S3 Standard's PUT, COPY and POST requests (the archive's three objects an order)
 * @param s3ListsPerThousand S3 Standard's LIST requests (a page of a business's or a customer's archived orders)
 * @param s3GetsPerThousand S3 Standard's GET requests (an archived order read by id, or on a page)
 * @param s3TransitionsToGlacierInstantRetrievalPerThousand a lifecycle rule's moves of objects to the colder class
 */
public record Prices(
        String region,
        String quoted,
        String note,
        Map<String, String> sources,
        double writeRequestUnitsPerMillion,
        double readRequestUnitsPerMillion,
        Tiers httpApiRequestsPerMillion,
        double lambdaRequestsPerMillion,
        Tiers lambdaArmGbSecond,
        double sqsRequestsPerMillion,
        double searchOcuHour,
        Tiers lambdaLogIngestionPerGb,
        double logIngestionPerGb,
        double customMetricMonth,
        double tracesRecordedPerMillion,
        double tableStorageGbMonth,
        double pointInTimeRecoveryGbMonth,
        double searchStorageGbMonth,
        double s3StandardGbMonth,
        double s3GlacierInstantRetrievalGbMonth,
        double s3PutsPerThousand,
        double s3ListsPerThousand,
        double s3GetsPerThousand,
        double s3TransitionsToGlacierInstantRetrievalPerThousand) {

    private static final String US_EAST_1 = "prices/us-east-1.json";

    private static final ObjectReader READER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
            .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true)
            .configure(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES, true)
            .readerFor(Prices.class);

    /** The us-east-1 prices, as the model's jar ships them. */
    public static Prices usEast1() {
        return ShippedFiles.read(US_EAST_1, READER);
    }
}
