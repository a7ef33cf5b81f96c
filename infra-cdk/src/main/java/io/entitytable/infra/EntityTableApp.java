package io.entitytable.infra;

import io.github.cdklabs.cdknag.AwsSolutionsChecks;
import io.github.cdklabs.cdknag.ServerlessChecks;
import software.amazon.awscdk.App;
import software.amazon.awscdk.Aspects;

/**
 * The CDK app: reads {@link StackConfig} from context and synthesizes one stack, {@code EntityTable-<stage>}, checked
 * by cdk-nag's AwsSolutions and Serverless packs (an unsuppressed finding fails {@code cdk synth}).
 */
public final class EntityTableApp {
    private EntityTableApp() {}

    public static void main(String[] args) {
        App app = new App();
        define(app, StackConfig.fromContext(app.getNode()));
        app.synth();
    }

    /** The stack and its checks, exactly as {@code cdk synth} builds them; the tests call this too. */
    public static EntityTableStack define(App app, StackConfig config) {
        EntityTableStack stack = new EntityTableStack(app, config);
        Aspects.of(app).add(new AwsSolutionsChecks());
        Aspects.of(app).add(new ServerlessChecks());
        return stack;
    }
}
