package io.entitytable.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BarePackageTest {
    /**
     * The bare zip holds no project jar, only the class files of {@link BarePackage#CLASSES}: every project class those
     * refer to must be among them, or the handler fails with NoClassDefFoundError at its first use of it.
     */
    @Test
    void everyProjectClassTheZipsClassesReferTo_shouldBeInTheZip() throws IOException {
        Set<String> packaged = new HashSet<>();
        Set<String> referred = new HashSet<>();
        for (Class<?> type : BarePackage.CLASSES) {
            packaged.add(type.getName().replace('.', '/'));
            referred.addAll(classesReferredTo(type));
        }

        assertThat(referred)
                .filteredOn(name -> name.startsWith("io/entitytable/"))
                .isSubsetOf(packaged);
    }

    /**
     * The names of the classes in {@code type}'s constant pool (JVMS 4.4), read from its class file: Java 17 has no
     * class-file API, and the reference this test is about is one javac inlines or not (a constant or an enum).
     */
    private static Set<String> classesReferredTo(Class<?> type) throws IOException {
        String file = type.getName().replace('.', '/') + ".class";
        try (InputStream bytes = type.getClassLoader().getResourceAsStream(file);
                DataInputStream in = new DataInputStream(bytes)) {
            in.readInt(); // magic
            in.readUnsignedShort(); // minor version
            in.readUnsignedShort(); // major version
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            Set<Integer> classNameIndexes = new HashSet<>();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF();
                    case 7 -> classNameIndexes.add(in.readUnsignedShort());
                    case 8, 16, 19, 20 -> in.readUnsignedShort();
                    case 15 -> in.skipBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
                    case 5, 6 -> {
                        in.readLong();
                        i++; // a long or double takes two entries
                    }
                    default -> throw new IllegalStateException("unknown constant pool tag " + tag + " in " + file);
                }
            }
            Set<String> names = new HashSet<>();
            classNameIndexes.forEach(index -> names.add(utf8[index]));
            return names;
        }
    }
}
