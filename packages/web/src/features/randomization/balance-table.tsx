import { Badge, Stack, Table, Text } from '@mantine/core';
import { type BalanceCell, type BalanceReport, parseStratumKey, SITE_FACTOR } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';

type Naming = {
  /** A group's title by its id. */
  group: (id: string) => string;
  /** A factor's name (site or question) by its id. */
  factor: (id: string) => string;
  /** A level's label (a site's name, an answer's text) by factor and level. */
  level: (factor: string, level: string) => string;
};

const pct = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** A stratum key in words: "Site: Aarhus · Smoker: Yes". */
export function stratumLabel(key: string, naming: Naming, overall: string): string {
  const parts = parseStratumKey(key);
  if (parts.length === 0) return overall;
  return parts.map((p) => `${naming.factor(p.factor)}: ${naming.level(p.factor, p.level)}`).join(' · ');
}

function Row({ label, cell, testId }: { label: string; cell: BalanceCell; testId: string }) {
  return (
    <Table.Tr data-testid={testId}>
      <Table.Td>
        <bdi>{label}</bdi>
      </Table.Td>
      <Table.Td ta="end">{cell.total}</Table.Td>
      {cell.groups.map((g) => (
        <Table.Td key={g.groupId} ta="end">
          {g.count} <Text span size="xs" c="dimmed">{`(${pct(g.share)})`}</Text>
        </Table.Td>
      ))}
      <Table.Td ta="end">
        <Badge variant="light" color={cell.imbalance <= 1 ? 'green' : cell.imbalance <= 3 ? 'yellow' : 'red'}>
          {Math.round(cell.imbalance * 10) / 10}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Issue 22 item 5: allocations per group overall, per stratum and per factor level, with each group's
 * share and the imbalance (range of ratio-scaled counts). Group columns are shown only to callers who
 * may see trial groups; the server sends them only to those.
 */
export function BalanceTable({ report, naming }: { report: BalanceReport; naming: Naming }) {
  const { t } = useTranslation(['common', 'randomization']);
  const groupIds = report.overall.groups.map((g) => g.groupId);
  const overall = t('RANDOMIZATION.BALANCE.OVERALL');
  const head = (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t('RANDOMIZATION.BALANCE.STRATUM')}</Table.Th>
        <Table.Th ta="end">{t('RANDOMIZATION.BALANCE.TOTAL')}</Table.Th>
        {groupIds.map((id) => (
          <Table.Th key={id} ta="end">
            <bdi>{naming.group(id)}</bdi>
          </Table.Th>
        ))}
        <Table.Th ta="end">{t('RANDOMIZATION.BALANCE.IMBALANCE')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={520}>
        <Table fz="sm" striped data-testid="balance-strata">
          {head}
          <Table.Tbody>
            <Row label={overall} cell={report.overall} testId="balance-overall" />
            {report.strata
              .filter((s) => parseStratumKey(s.stratum).length > 0)
              .map((s) => (
                <Row
                  key={s.stratum}
                  label={stratumLabel(s.stratum, naming, overall)}
                  cell={s}
                  testId="balance-stratum"
                />
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {report.marginals.length > 0 && (
        <>
          <Text size="sm" fw={600}>
            {t('RANDOMIZATION.BALANCE.MARGINALS')}
          </Text>
          <Table.ScrollContainer minWidth={520}>
            <Table fz="sm" striped data-testid="balance-marginals">
              {head}
              <Table.Tbody>
                {report.marginals.map((m) => (
                  <Row
                    key={`${m.factor}=${m.level}`}
                    label={`${naming.factor(m.factor)}: ${naming.level(m.factor, m.level)}`}
                    cell={m}
                    testId="balance-marginal"
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}

export { SITE_FACTOR };
