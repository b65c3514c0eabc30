import { Container, Stack, Text } from '@mantine/core';
import { CONVERTED_FILE_TTL_MS, CONVERTER_LIMIT_BYTES } from '@shrinkly/contract';
import { usePageTitle } from '../../../app/use-page-title';
import { BackHomeHeading } from '../../../components/back-home-heading';
import { acceptedTypes } from '../../../components/drop-zone/accepted-types';
import { DropZone } from '../../../components/drop-zone/drop-zone';
import { formatBytes } from '../../../format/format-bytes';
import { formatHours } from '../../../format/format-duration';
import { ConverterFeatures } from '../components/converter-features';
import { ConverterFileRow } from '../components/converter-file-row';
import { ConverterMessageDialog } from '../components/converter-message-dialog';
import { CONVERTER_EXTENSIONS } from '../mime-types';
import { useConverter } from '../use-converter';

/** The picker offers the known types; a dropped file of another type is still tried (the server decides). */
const CONVERTER_TYPES = acceptedTypes(CONVERTER_EXTENSIONS);

const limit = formatBytes(CONVERTER_LIMIT_BYTES);

/** /converter: the free converter (docs/product/SPEC.md §2 "Converter"). No account needed. */
export function ConverterPage() {
  usePageTitle('Free File Converter');
  const converter = useConverter();

  return (
    <Container size="md" py={{ base: 'xl', sm: 56 }}>
      <BackHomeHeading>Free File Converter</BackHomeHeading>
      <Text mt="xs" c="dark.6">
        Convert documents, images, video and audio for free, with no account needed, for files up to {limit}. Converted files are
        kept for {formatHours(CONVERTED_FILE_TTL_MS)}.
      </Text>

      <Stack gap="lg" mt="xl">
        <DropZone
          inputId="converter-file-input"
          label="Choose files to convert"
          title="Drag and drop files here, or click to browse"
          multiple
          types={CONVERTER_TYPES}
          hint={`Several files at once, up to ${limit} each.`}
          onFiles={converter.addFiles}
        />
        {converter.items.length > 0 && (
          <Stack component="ul" gap="sm" aria-label="Files to convert" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {converter.items.map((item) => (
              <ConverterFileRow
                key={item.id}
                item={item}
                onChooseFormat={converter.chooseFormat}
                onConvert={(id) => void converter.convert(id)}
                onRemove={converter.remove}
              />
            ))}
          </Stack>
        )}
      </Stack>

      <Stack mt={56}>
        <ConverterFeatures />
      </Stack>

      <ConverterMessageDialog dialog={converter.dialog} onClose={converter.closeDialog} />
    </Container>
  );
}
