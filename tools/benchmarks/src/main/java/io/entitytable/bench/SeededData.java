package io.entitytable.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The data the read benchmarks query, created through the API (so every item, index entry and copy is what the API and
 * the fan-out really write): one business with customers, stores in one city, orders with lines, links and tags.
 */
record SeededData(
        String businessId,
        String customerId,
        String storeId,
        String orderId,
        List<String> customerIds,
        List<String> storeIds,
        int orders) {

    static final String ADDRESS =
            "{\"street\":\"1 Main St\",\"city\":\"Austin\",\"state\":\"TX\",\"zip\":\"73301\"," + "\"country\":\"US\"}";
    static final String STORE_TAG = "flagship";
    static final String TAG_A = "rush";
    static final String TAG_B = "vip";

    static SeededData create(ApiClient api, int customers, int stores, int ordersPerCustomer) {
        String business = api.create("/businesses", "{\"name\":\"Bench Office Supply\"}");
        List<String> customerIds = new ArrayList<>();
        for (int i = 0; i < customers; i++) {
            String last = i % 2 == 0 ? "Smith" : "Jones";
            customerIds.add(api.create(
                    "/businesses/" + business + "/customers",
                    "{\"firstName\":\"Ann" + i + "\",\"lastName\":\"" + last + "\",\"email\":\"c" + i
                            + "@example.com\",\"mailingAddresses\":{\"home\":" + ADDRESS + "}}"));
        }
        List<String> storeIds = new ArrayList<>();
        for (int i = 0; i < stores; i++) {
            storeIds.add(api.create(
                    "/businesses/" + business + "/stores",
                    "{\"name\":\"Store " + i + "\",\"address\":" + ADDRESS + "}"));
        }
        List<String> orderIds = new ArrayList<>();
        for (String customer : customerIds) {
            for (int o = 0; o < ordersPerCustomer; o++) {
                orderIds.add(
                        api.create(
                                "/customers/" + customer + "/orders",
                                "{\"shipTo\":\"home\",\"paymentCard\":\"visa\",\"lines\":["
                                        + "{\"sku\":\"PEN-1\",\"description\":\"Blue pens\",\"quantity\":10,\"unitPriceCents\":150},"
                                        + "{\"sku\":\"PAD-2\",\"description\":\"Pads\",\"quantity\":2,\"unitPriceCents\":400}]}"));
            }
        }
        String firstStore = storeIds.get(0);
        // Every customer manages the first store (pattern 11); the first customer manages every store (pattern 10).
        for (String customer : customerIds) {
            api.expect2xx(api.put("/customers/" + customer + "/stores/" + firstStore), "link");
        }
        for (String store : storeIds.subList(1, storeIds.size())) {
            api.expect2xx(api.put("/customers/" + customerIds.get(0) + "/stores/" + store), "link");
        }
        for (String store : storeIds) {
            api.expect2xx(api.put("/stores/" + store + "/tags/" + STORE_TAG), "tag store");
        }
        for (int i = 0; i < orderIds.size(); i++) {
            api.expect2xx(api.put("/orders/" + orderIds.get(i) + "/tags/" + (i % 2 == 0 ? TAG_A : TAG_B)), "tag order");
        }
        for (String customer : customerIds) {
            api.expect2xx(api.put("/customers/" + customer + "/tags/" + TAG_B), "tag customer");
        }
        return new SeededData(
                business, customerIds.get(0), firstStore, orderIds.get(0), customerIds, storeIds, orderIds.size());
    }
}
