package io.entitytable.capacity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The cost model's sums: each charge is a month of one resource for one operation, and the floor's part of it. */
final class Ledger {
    private final Map<String, double[]> byResource = new LinkedHashMap<>();
    private final Map<String, double[]> byOperation = new LinkedHashMap<>();

    void charge(String operation, String resource, double monthly, double floor) {
        add(byResource, resource, monthly, floor);
        add(byOperation, operation, monthly, floor);
    }

    Bill bill(Workload workload, double requestsPerSecond, Prices prices, CostAssumptions assumed) {
        return new Bill(
                workload.description(), requestsPerSecond, rows(byResource), rows(byOperation), prices, assumed);
    }

    private static void add(Map<String, double[]> sums, String key, double monthly, double floor) {
        double[] sum = sums.computeIfAbsent(key, name -> new double[2]);
        sum[0] += monthly;
        sum[1] += floor;
    }

    private static List<Bill.Row> rows(Map<String, double[]> sums) {
        List<Bill.Row> rows = new ArrayList<>();
        sums.forEach((name, sum) -> rows.add(new Bill.Row(name, sum[0], sum[1])));
        return List.copyOf(rows);
    }
}
