import { mandant } from '../../config/mandant';

/** The variant's chart colours and line width (spec §13), for every chart's datasets. */
export const chartColors = mandant.diagrammFarben;
export const chartLineWidth = mandant.diagrammLinienbreite;
