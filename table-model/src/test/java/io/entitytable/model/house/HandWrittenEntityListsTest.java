package io.entitytable.model.house;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HandWrittenEntityListsTest {
    @Test
    void in_shouldFindListsOfTwoOrMoreEntities_withTheirLine_evenOverSeveralLines() {
        String source = String.join(
                "\n",
                "class A {",
                "    List<Entity> a = List.of(Entity.CUSTOMER, Entity.ORDER);",
                "    Set<Entity> b = Set.of(",
                "            Entity.STORE,",
                "            Entity.BUSINESS);",
                "    var c = EnumSet.of(Entity.STORE, Entity.ORDER);",
                "    var d = Arrays.asList(Entity.STORE, Entity.STORE);",
                "    var e = new Entity[] {Entity.STORE, Entity.ORDER};",
                "    var f = Stream.of(Entity.CUSTOMER.keyName(), Entity.ORDER.keyName());",
                "    Set<String> n = Set.of(\"store\", \"orders\");",
                "    @Schema(enumeration = {\"customer\", \"store\"}) String type;",
                "    String[] names = {\"order\", \"customers\"};",
                "    Map<Entity, Integer> m = Map.of(Entity.STORE, 1, Entity.ORDER, 2);",
                "}");

        assertThat(HandWrittenEntityLists.in(source))
                .containsExactly(
                        "2: List<Entity> a = List.of(Entity.CUSTOMER, Entity.ORDER);",
                        "3: Set<Entity> b = Set.of(",
                        "6: var c = EnumSet.of(Entity.STORE, Entity.ORDER);",
                        "7: var d = Arrays.asList(Entity.STORE, Entity.STORE);",
                        "8: var e = new Entity[] {Entity.STORE, Entity.ORDER};",
                        "9: var f = Stream.of(Entity.CUSTOMER.keyName(), Entity.ORDER.keyName());",
                        "10: Set<String> n = Set.of(\"store\", \"orders\");",
                        "11: @Schema(enumeration = {\"customer\", \"store\"}) String type;",
                        "12: String[] names = {\"order\", \"customers\"};",
                        "13: Map<Entity, Integer> m = Map.of(Entity.STORE, 1, Entity.ORDER, 2);");
    }

    @Test
    void in_shouldLeaveOneEntity_andListsOfOtherThings_andEntitiesOutsideTheList() {
        String source = String.join(
                "\n",
                "class B {",
                "    Set<Entity> one = Set.of(Entity.CUSTOMER);",
                "    List<String> names = List.of(\"a\", \"b\");",
                "    List<Entity> all = Entity.all();",
                "    void f() { g(List.of(Entity.STORE), Entity.ORDER); }",
                "    List<String> words = List.of(\"store\", \"shop\");",
                "    Map<Entity, Integer> m = Map.of(Entity.STORE, 1);",
                "    List<Pattern> p = List.of(new Pattern(1, Entity.STORE), new Pattern(2, f(Entity.ORDER)));",
                "    @Schema(enumeration = {\"true\"}) String replayed;",
                "    int[] sizes = {1, 2};",
                "}");

        assertThat(HandWrittenEntityLists.in(source)).isEmpty();
    }
}
