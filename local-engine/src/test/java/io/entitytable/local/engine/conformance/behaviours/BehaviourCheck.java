package io.entitytable.local.engine.conformance.behaviours;

import io.entitytable.local.engine.behaviour.EngineSettings;

/**
 * One check of a DynamoDB rule under load or over time: the rule it checks (its name in reports), the behaviour of the
 * engine it needs, the engine settings it runs with locally (with that behaviour on), and what it needs beyond the API.
 *
 * @param rule the DynamoDB rule checked, as the developer guide or API reference states it
 * @param behaviour the engine behaviour the rule needs; with it off, the check must fail
 * @param settings the local engine's settings for this check (the behaviour on)
 * @param localSteering why the check needs an in-process local engine (hold, sweep, short ages), or null when it
 *     needs the API alone and so also runs against DynamoDB itself
 * @param check the check: returns when the endpoint behaves as the rule says, throws {@link AssertionError} otherwise
 */
public record BehaviourCheck(
        String rule, Behaviour behaviour, EngineSettings settings, String localSteering, Check check) {

    /** What a check does against one endpoint. */
    @FunctionalInterface
    public interface Check {
        void run(BehaviourTarget target) throws Exception;
    }

    public BehaviourCheck {
        if (!behaviour.isOn(settings)) {
            throw new IllegalArgumentException(rule + ": its settings must have " + behaviour + " on");
        }
    }

    /** A check that needs the API alone, run locally with DynamoDB's behaviours all on. */
    public static BehaviourCheck apiOnly(String rule, Behaviour behaviour, Check check) {
        return new BehaviourCheck(rule, behaviour, BehaviourTarget.DYNAMODB_LIKE, null, check);
    }

    /** A check that steers a local engine with {@code settings} (so it is skipped against DynamoDB itself). */
    public static BehaviourCheck local(
            String rule, Behaviour behaviour, EngineSettings settings, String localSteering, Check check) {
        return new BehaviourCheck(rule, behaviour, settings, localSteering, check);
    }

    public boolean apiOnly() {
        return localSteering == null;
    }

    /** Runs the check against the suite's endpoint (or a local engine with its behaviour on). */
    public void runWithBehaviourOn() throws Exception {
        try (BehaviourTarget target = BehaviourTarget.withBehaviourOn(this)) {
            runAgainst(target);
        }
    }

    /** Runs the check against a local engine with the same settings but its behaviour off. */
    public void runWithBehaviourOff() throws Exception {
        try (BehaviourTarget target = BehaviourTarget.withBehaviourOff(this)) {
            runAgainst(target);
        }
    }

    /** Runs the check; a failure names the rule (reports name parameterized cases by their index only). */
    private void runAgainst(BehaviourTarget target) throws Exception {
        try {
            check.run(target);
        } catch (AssertionError failed) {
            throw new AssertionError(rule + ": " + failed.getMessage(), failed);
        }
    }

    @Override
    public String toString() {
        return rule;
    }
}
